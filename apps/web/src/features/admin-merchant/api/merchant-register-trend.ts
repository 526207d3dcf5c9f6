import { adminMerchantRegisterTrend } from '@parlour/contract/calls/merchant-admin';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminMerchantsKey } from './query-keys';

/** Merchants registered per day over a date range (both ends included). */
export function getMerchantRegisterTrend(input: TDateRangeInput) {
  return callApi(adminMerchantRegisterTrend, input);
}

export function useMerchantRegisterTrend(input: TDateRangeInput) {
  return useQuery({ queryKey: [...adminMerchantsKey, 'register-trend', input], queryFn: () => getMerchantRegisterTrend(input), placeholderData: keepPreviousData });
}
