import { adminPlatformStats } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminTrafficReportKey } from './report-query-keys';

type Input = CallInput<typeof adminPlatformStats>;

/** Calls per platform, every platform present. */
export function getPlatformStats(input: Input) {
  return callApi(adminPlatformStats, input);
}

export function usePlatformStats(input: Input) {
  return useQuery({ queryKey: [...adminTrafficReportKey, 'report-platform-stats', input], queryFn: () => getPlatformStats(input), placeholderData: keepPreviousData });
}
