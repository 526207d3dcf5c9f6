import { merchantListUnreadNotices, type TMerchantNoticeListInput } from '@parlour/contract/calls/notice';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { merchantNoticesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Published notices: the unread ones (the panel), or all with read marks (`include_read`); plus the unread count. */
export function listNotices(input: TMerchantNoticeListInput) {
  return callApi(merchantListUnreadNotices, input);
}

export function listNoticesQueryOptions(input: TMerchantNoticeListInput, options: { isEnabled?: boolean } = {}) {
  return queryOptions({
    queryKey: [...merchantNoticesKey, input],
    queryFn: () => listNotices(input),
    placeholderData: keepPreviousData,
    enabled: options.isEnabled ?? true,
  });
}

export function useNotices(input: TMerchantNoticeListInput, options: { isEnabled?: boolean } = {}) {
  return useQuery(listNoticesQueryOptions(input, options));
}
