import { adminNoticeDetail } from '@parlour/contract/calls/notice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminNoticesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One notice with its read count. */
export function getNotice(id: number) {
  return callApi(adminNoticeDetail, { id });
}

export function getNoticeQueryOptions(id: number | null) {
  return queryOptions({
    queryKey: [...adminNoticesKey, 'detail', id],
    queryFn: () => getNotice(id as number),
    enabled: id !== null,
  });
}

export function useNotice(id: number | null) {
  return useQuery(getNoticeQueryOptions(id));
}
