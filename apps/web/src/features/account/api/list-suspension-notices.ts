import { merchantSuspensionNotices } from '@parlour/contract/calls/account-security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantSuspensionNoticesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The periods the merchant's account was disabled that it has not acknowledged yet. */
export function listSuspensionNotices() {
  return callApi(merchantSuspensionNotices, {});
}

export function listSuspensionNoticesQueryOptions() {
  return queryOptions({ queryKey: merchantSuspensionNoticesKey, queryFn: listSuspensionNotices, staleTime: Infinity });
}

export function useSuspensionNotices(options: { isEnabled: boolean }) {
  return useQuery({ ...listSuspensionNoticesQueryOptions(), enabled: options.isEnabled });
}
