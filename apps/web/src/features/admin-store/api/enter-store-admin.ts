import { adminBackendRedirect } from '@parlour/contract/calls/store';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** A single-use, short-lived URL into a store's admin. */
export function getBackendRedirect(shopId: string) {
  return callApi(adminBackendRedirect, { shop_id: shopId });
}

/**
 * Opens a store's admin in a new tab. The tab is opened at the click, before the call answers:
 * a tab opened after an await counts as a popup and browsers block it.
 */
export async function enterStoreAdmin(shopId: string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const { url } = await getBackendRedirect(shopId);
    if (tab) {
      // The store admin is another site: it must not be able to steer this console.
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export function useEnterStoreAdmin() {
  return useMutation({ mutationFn: enterStoreAdmin });
}
