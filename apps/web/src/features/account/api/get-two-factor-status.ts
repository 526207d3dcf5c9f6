import { adminTwoFactorStatus } from '@parlour/contract/calls/account-security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTwoFactorKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Whether the operator has two-factor sign-in on, and whether the platform requires it. */
export function getTwoFactorStatus() {
  return callApi(adminTwoFactorStatus, {});
}

export function twoFactorStatusQueryOptions() {
  return queryOptions({ queryKey: adminTwoFactorKey, queryFn: getTwoFactorStatus });
}

export function useTwoFactorStatus(options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...twoFactorStatusQueryOptions(), enabled: options.isEnabled ?? true });
}
