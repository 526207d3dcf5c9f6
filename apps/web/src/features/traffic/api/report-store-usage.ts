import { merchantStoreUsage } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { trafficReportKey } from './report-query-keys';

type Input = CallInput<typeof merchantStoreUsage>;

/** Usage per store, busiest first, with each store's own units left. */
export function getStoreUsage(input: Input) {
  return callApi(merchantStoreUsage, input);
}

export function useStoreUsage(input: Input) {
  return useQuery({ queryKey: [...trafficReportKey, 'store-usage', input], queryFn: () => getStoreUsage(input), placeholderData: keepPreviousData });
}
