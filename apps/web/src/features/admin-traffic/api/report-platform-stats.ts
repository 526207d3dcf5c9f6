import { adminPlatformStats } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

type Input = CallInput<typeof adminPlatformStats>;

/** Calls per platform, every platform present. */
export function getPlatformStats(input: Input) {
  return callApi(adminPlatformStats, input);
}

export function getPlatformStatsQueryOptions(input: Input) {
  return queryOptions({
    queryKey: [...adminTrafficReportKey, 'report-platform-stats', input],
    queryFn: () => getPlatformStats(input),
    placeholderData: keepPreviousData,
  });
}

export function usePlatformStats(input: Input) {
  return useQuery(getPlatformStatsQueryOptions(input));
}
