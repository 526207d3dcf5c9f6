import { merchantStoreUsage } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { merchantTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

type Input = CallInput<typeof merchantStoreUsage>;

/** Usage per store, busiest first, with each store's own units left. */
export function getStoreUsage(input: Input) {
  return callApi(merchantStoreUsage, input);
}

export function getStoreUsageQueryOptions(input: Input) {
  return queryOptions({
    queryKey: [...merchantTrafficReportKey, 'store-usage', input],
    queryFn: () => getStoreUsage(input),
    placeholderData: keepPreviousData,
  });
}

export function useStoreUsage(input: Input) {
  return useQuery(getStoreUsageQueryOptions(input));
}
