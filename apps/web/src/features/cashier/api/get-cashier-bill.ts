import { cashierDetail, type ZCashierBill } from '@parlour/contract/calls/bill';
import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { callApi } from '@/lib/request';

/**
 * The bill behind a cashier link (no console session: the link's token vouches for it). Asking it
 * also makes the server ask the provider about an unpaid bill (at most every 5 s), so polling it
 * is how the cashier learns of a payment; the page shows failures itself (a poll that fails keeps
 * the last answer on screen and tries again), so the request layer shows none.
 */
export function getCashierBill(billNo: string, token: string) {
  return callApi(cashierDetail, { bill_no: billNo, token }, { skipErrorHandler: true });
}

export function getCashierBillQueryOptions(billNo: string, token: string) {
  return queryOptions({
    queryKey: ['cashier', billNo],
    queryFn: () => getCashierBill(billNo, token),
    enabled: billNo !== '' && token !== '',
  });
}

export type TCashierBill = z.infer<typeof ZCashierBill>;

/** `pollMs`: how often to ask again (false: never), from the last answer. */
export function useCashierBill(
  billNo: string,
  token: string,
  pollMs: (bill: TCashierBill | undefined) => number | false = () => false,
) {
  return useQuery({
    ...getCashierBillQueryOptions(billNo, token),
    refetchInterval: (query) => pollMs(query.state.data),
    refetchIntervalInBackground: true,
    // A network blip on the first load is tried again before the page says it failed.
    retry: (count, error) => count < 2 && isApiError(error) && error.kind !== 'business',
    retryDelay: 1_000,
  });
}
