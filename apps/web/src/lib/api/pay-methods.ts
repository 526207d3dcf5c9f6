import { merchantPayMethods } from '@parlour/contract/calls/payment-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/**
 * The pay methods the platform offers merchants now (enabled and configured by the operator), for
 * every place a merchant pays (components/pay-method-radio). Kept briefly: the operator may turn a
 * method off at any time, and the server refuses a method it no longer offers anyway.
 */
export function payMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['merchant', 'pay-methods'],
    queryFn: async () => (await callApi(merchantPayMethods, {}, { skipErrorHandler: true })).list,
    staleTime: 30_000,
  });
}

export function usePayMethods() {
  return useQuery(payMethodsQueryOptions());
}
