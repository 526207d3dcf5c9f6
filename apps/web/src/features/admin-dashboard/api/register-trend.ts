import { adminMerchantRegisterTrend } from '@parlour/contract/calls/merchant-admin';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminDashboardKey } from './query-keys';

/** Merchants registered per day over a date range. */
export function getRegisterTrend(input: TDateRangeInput) {
  return callApi(adminMerchantRegisterTrend, input);
}

export function useRegisterTrend(input: TDateRangeInput) {
  return useQuery({ queryKey: [...adminDashboardKey, 'register-trend', input], queryFn: () => getRegisterTrend(input), placeholderData: keepPreviousData });
}
