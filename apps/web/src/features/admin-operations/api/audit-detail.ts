import { adminAuditDetail } from '@parlour/contract/calls/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOperationsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** One audit row with the target before and after (secrets masked by the server). */
export function getAuditDetail(id: number) {
  return callApi(adminAuditDetail, { id });
}

export function auditDetailQueryOptions(id: number) {
  return queryOptions({ queryKey: [...adminOperationsKey, 'audit-detail', id], queryFn: () => getAuditDetail(id) });
}

export function useAuditDetail(id: number | null) {
  return useQuery({ ...auditDetailQueryOptions(id ?? 0), enabled: id !== null });
}
