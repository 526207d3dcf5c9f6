import { adminListNotices, type TNoticeListInput } from '@parlour/contract/calls/notice';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminNoticesKey } from './query-keys';

/** Every notice by keyword and status, pinned first. */
export function listNotices(input: TNoticeListInput) {
  return callApi(adminListNotices, input);
}

export function useNotices(input: TNoticeListInput) {
  return useQuery({ queryKey: [...adminNoticesKey, 'list', input], queryFn: () => listNotices(input), placeholderData: keepPreviousData });
}
