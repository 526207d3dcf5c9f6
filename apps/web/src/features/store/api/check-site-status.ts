import { merchantCheckSiteStatus } from '@parlour/contract/calls/store';
import { STORE_INIT_POLL_MS } from '@parlour/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Whether a new store has finished initialising. */
export function checkSiteStatus(shopId: string) {
  return callApi(merchantCheckSiteStatus, { shop_id: shopId });
}

/** Polls the store's status every STORE_INIT_POLL_MS until it is ready (or polling is turned off). */
export function checkSiteStatusQueryOptions(shopId: string | null) {
  return queryOptions({
    queryKey: ['store', 'site-status', shopId],
    queryFn: () => checkSiteStatus(shopId ?? ''),
    enabled: shopId !== null,
    gcTime: 0,
    // Stops once ready, and after a failure (shown once by the request layer, not every 2 s).
    refetchInterval: (query) =>
      query.state.data?.is_ready || query.state.status === 'error' ? false : STORE_INIT_POLL_MS,
    // A background tab keeps asking: the dialog shows the result when the merchant comes back.
    refetchIntervalInBackground: true,
  });
}

export function useSiteStatus(shopId: string | null) {
  return useQuery(checkSiteStatusQueryOptions(shopId));
}
