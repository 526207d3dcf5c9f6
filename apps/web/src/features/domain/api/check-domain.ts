import { adminCheckDomain, merchantCheckDomain } from '@parlour/contract/calls/domain';
import type { Role } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { DOMAINS_KEY, NETWORK_MODE, SHOPS_KEY } from './domain-console';

/**
 * Checks a binding domain's DNS records now: bound, or DOMAIN_VERIFICATION_FAILED with the reason,
 * which the verify step shows in place (not as a passing message). Either way the list is read
 * again: a failed check records its reason and time.
 */
/** Refusals of a check the verify step shows in place: the records are wrong, or another store bound the domain first. */
export const CHECK_FAILURES: readonly number[] = [ErrorCode.DOMAIN_VERIFICATION_FAILED, ErrorCode.VALIDATION_FAILED];

export function checkDomain(role: Role, id: number) {
  const options = { skipErrorHandler: CHECK_FAILURES };
  return role === 'merchant'
    ? callApi(merchantCheckDomain, { id }, options)
    : callApi(adminCheckDomain, { id }, options);
}

export function useCheckDomain(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: NETWORK_MODE,
    mutationFn: (id: number) => checkDomain(role, id),
    // Not awaited: the check has answered (its failure is shown from the answer), the button is free again at once.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: DOMAINS_KEY[role] });
      // A store's first bound domain may become its primary: the store lists show it.
      void queryClient.invalidateQueries({ queryKey: SHOPS_KEY[role] });
    },
  });
}
