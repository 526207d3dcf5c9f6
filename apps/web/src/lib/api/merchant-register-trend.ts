import { adminMerchantRegisterTrend } from '@parlour/contract/calls/merchant-admin';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminMerchantsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Merchants registered per day over a date range (both ends included): the dashboard and the merchant screen show it. */
export function getMerchantRegisterTrend(input: TDateRangeInput) {
  return callApi(adminMerchantRegisterTrend, input);
}

export function getMerchantRegisterTrendQueryOptions(input: TDateRangeInput) {
  return queryOptions({
    queryKey: [...adminMerchantsKey, 'register-trend', input],
    queryFn: () => getMerchantRegisterTrend(input),
    placeholderData: keepPreviousData,
  });
}

export function useMerchantRegisterTrend(input: TDateRangeInput) {
  return useQuery(getMerchantRegisterTrendQueryOptions(input));
}
