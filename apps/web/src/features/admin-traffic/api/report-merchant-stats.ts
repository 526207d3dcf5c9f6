import { adminMerchantStats } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

type Input = CallInput<typeof adminMerchantStats>;

/** Merchants ranked by units used. */
export function getMerchantStats(input: Input) {
  return callApi(adminMerchantStats, input);
}

export function getMerchantStatsQueryOptions(input: Input) {
  return queryOptions({
    queryKey: [...adminTrafficReportKey, 'report-merchant-stats', input],
    queryFn: () => getMerchantStats(input),
    placeholderData: keepPreviousData,
  });
}

export function useMerchantStats(input: Input) {
  return useQuery(getMerchantStatsQueryOptions(input));
}
