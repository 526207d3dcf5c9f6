import { adminNoticeDetail } from '@parlour/contract/calls/notice';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminNoticesKey } from './query-keys';

/** One notice with its read count. */
export function getNotice(id: number) {
  return callApi(adminNoticeDetail, { id });
}

export function useNotice(id: number | null) {
  return useQuery({ queryKey: [...adminNoticesKey, 'detail', id], queryFn: () => getNotice(id as number), enabled: id !== null });
}
