import { adminExchangeRatesEdit, type TRates } from '@parlour/contract/calls/store-pricing';
import { ErrorCode } from '@parlour/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { exchangeRatesQueryOptions } from './get-exchange-rates';

/**
 * Publishes the platform's rates (a currency left out is not published); stores that follow them show
 * the new prices at once. A refused rate is shown on its field by the form, not as a toast.
 */
export function publishExchangeRates(rates: TRates) {
  return callApi(adminExchangeRatesEdit, { rates }, { skipErrorHandler: [ErrorCode.VALIDATION_FAILED] });
}

export function usePublishExchangeRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishExchangeRates,
    onSuccess: (published) => queryClient.setQueryData(exchangeRatesQueryOptions().queryKey, published),
  });
}
