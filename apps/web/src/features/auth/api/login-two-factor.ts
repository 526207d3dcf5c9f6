import { adminLoginTwoFactor, type TLoginTwoFactorInput } from '@parlour/contract/calls/account-security';
import { ErrorCode } from '@parlour/contract/errors';
import { callApi } from '@/lib/request';

/**
 * The second step of an operator's sign-in: the challenge of the password step and a code from the
 * authenticator app (or a recovery code). An expired challenge is not shown as an error: the form
 * goes back to the password step and says why.
 */
export function loginTwoFactor(input: TLoginTwoFactorInput) {
  return callApi(adminLoginTwoFactor, input, { skipErrorHandler: [ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED] });
}
