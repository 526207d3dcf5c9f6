import { merchantRegister, type TEmailRegisterInput } from '@parlour/contract/calls/account';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Registers a merchant by email; the answer signs them in. Failures fall back to the default registration message. */
export function registerByEmail(input: TEmailRegisterInput) {
  return callApi(merchantRegister, input, { fallbackError: 'REGISTER_FAILED' });
}

export function useRegisterByEmail() {
  return useMutation({ mutationFn: registerByEmail });
}
