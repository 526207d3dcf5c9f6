import type { CallOutput } from '@parlour/contract/call';
import { adminLogin, merchantLogin, type TAdminLoginInput, type TLoginInput } from '@parlour/contract/calls/account';
import type { Role } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

export type LoginInput = TLoginInput | TAdminLoginInput;
export type LoginOutput = CallOutput<typeof merchantLogin> | CallOutput<typeof adminLogin>;

/**
 * Signs in as a merchant or an operator. A "captcha required" answer is not shown as an error:
 * the form shows the captcha instead (and an operator's "two-factor required", the code step); other failures fall back to the default login message.
 */
export function login(role: Role, input: LoginInput): Promise<LoginOutput> {
  const options = {
    fallbackError: 'LOGIN_FAILED',
    skipErrorHandler: [ErrorCode.CAPTCHA_REQUIRED, ErrorCode.TWO_FACTOR_REQUIRED],
  } as const;
  return role === 'admin' ? callApi(adminLogin, input, options) : callApi(merchantLogin, input as TLoginInput, options);
}

/** For forms under react-query; the login pages call login() directly to keep react-query out of their first load. */
export function useLogin(role: Role) {
  return useMutation({ mutationFn: (input: LoginInput) => login(role, input) });
}
