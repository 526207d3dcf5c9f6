import { adminTwoFactorSetup } from '@parlour/contract/calls/account-security';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** A new authenticator secret and its otpauth URI (for the QR code); confirmed by enableTwoFactor. */
export function setupTwoFactor() {
  return callApi(adminTwoFactorSetup, {});
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
