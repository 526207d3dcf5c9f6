import { adminExchangeRatesDetail } from '@parlour/contract/calls/store-pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSettingsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The exchange rates the platform publishes (1 CNY in each currency), and when they were last published. */
export function getExchangeRates() {
  return callApi(adminExchangeRatesDetail, {});
}

export function exchangeRatesQueryOptions() {
  return queryOptions({ queryKey: [...adminSettingsKey, 'exchange-rates'], queryFn: getExchangeRates });
}

export function useExchangeRates() {
  return useQuery(exchangeRatesQueryOptions());
}
