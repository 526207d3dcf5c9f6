import { merchantMobileRegister, type TMobileRegisterInput } from '@parlour/contract/calls/account';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Registers a merchant by phone; the answer signs them in. Failures fall back to the default registration message. */
export function registerByMobile(input: TMobileRegisterInput) {
  return callApi(merchantMobileRegister, input, { fallbackError: 'REGISTER_FAILED' });
}

export function useRegisterByMobile() {
  return useMutation({ mutationFn: registerByMobile });
}
