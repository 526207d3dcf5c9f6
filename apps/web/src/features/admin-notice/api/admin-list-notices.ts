import { adminListNotices, type TNoticeListInput } from '@parlour/contract/calls/notice';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminNoticesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Every notice by keyword and status, pinned first. */
export function listNotices(input: TNoticeListInput) {
  return callApi(adminListNotices, input);
}

export function listNoticesQueryOptions(input: TNoticeListInput) {
  return queryOptions({
    queryKey: [...adminNoticesKey, 'list', input],
    queryFn: () => listNotices(input),
    placeholderData: keepPreviousData,
  });
}

export function useNotices(input: TNoticeListInput) {
  return useQuery(listNoticesQueryOptions(input));
}
