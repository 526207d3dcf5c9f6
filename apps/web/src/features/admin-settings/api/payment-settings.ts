import {
  adminPaymentSettings,
  adminSetPaymentSettings,
  adminTestPaymentConnection,
  type TSetPaymentSettingsInput,
} from '@parlour/contract/calls/payment-settings';
import type { PayMethod } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminSettingsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The pay methods' provider settings, secrets only as whether they are set. */
export function getPaymentSettings() {
  return callApi(adminPaymentSettings, {});
}

export function paymentSettingsQueryOptions() {
  return queryOptions({ queryKey: [...adminSettingsKey, 'payment'], queryFn: getPaymentSettings });
}

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}

/** Saves one method; a refused field is shown on the field itself, not as a toast. */
export function setPaymentSettings(input: TSetPaymentSettingsInput) {
  return callApi(adminSetPaymentSettings, input, { skipErrorHandler: [ErrorCode.VALIDATION_FAILED] });
}

export function useSetPaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentSettings,
    onSuccess: (saved) => queryClient.setQueryData(paymentSettingsQueryOptions().queryKey, saved),
  });
}

/** Calls the method's provider with the saved settings; answers the provider's own error. */
export function testPaymentConnection(method: PayMethod) {
  return callApi(adminTestPaymentConnection, { method });
}

export function useTestPaymentConnection() {
  return useMutation({ mutationFn: testPaymentConnection });
}
