import { merchantListUnreadNotices, type TMerchantNoticeListInput } from '@parlour/contract/calls/notice';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

/** Every cached notice list of the merchant: marking read invalidates this. */
export const noticeListQueryKey = ['store', 'notices'] as const;

/** Published notices: the unread ones (the panel), or all with read marks (`include_read`); plus the unread count. */
export function listNotices(input: TMerchantNoticeListInput) {
  return callApi(merchantListUnreadNotices, input);
}

export function useNotices(input: TMerchantNoticeListInput, options: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...noticeListQueryKey, input],
    queryFn: () => listNotices(input),
    placeholderData: keepPreviousData,
    enabled: options.isEnabled ?? true,
  });
}
