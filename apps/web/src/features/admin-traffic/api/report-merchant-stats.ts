import { adminMerchantStats } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminTrafficReportKey } from './report-query-keys';

type Input = CallInput<typeof adminMerchantStats>;

/** Merchants ranked by units used. */
export function getMerchantStats(input: Input) {
  return callApi(adminMerchantStats, input);
}

export function useMerchantStats(input: Input) {
  return useQuery({ queryKey: [...adminTrafficReportKey, 'report-merchant-stats', input], queryFn: () => getMerchantStats(input), placeholderData: keepPreviousData });
}
