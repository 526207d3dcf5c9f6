import { merchantBackendRedirect } from '@parlour/contract/calls/store';
import { useMutation } from '@tanstack/react-query';
import { openPendingTab } from '@/lib/leave-page';
import { callApi } from '@/lib/request';

/** A single-use, 60-second URL into the store's own admin. */
export function getStoreAdminUrl(shopId: string) {
  return callApi(merchantBackendRedirect, { shop_id: shopId });
}

/**
 * Opens the store admin in a new tab. The tab is opened before the call, inside the click, so a
 * popup blocker lets it through; it is pointed at the URL when the answer arrives, or closed.
 */
export function useOpenStoreAdmin() {
  return useMutation({
    mutationFn: async (shopId: string) => {
      const tab = openPendingTab();
      try {
        const { url } = await getStoreAdminUrl(shopId);
        tab.point(url);
      } catch (error) {
        tab.close();
        throw error;
      }
    },
  });
}
