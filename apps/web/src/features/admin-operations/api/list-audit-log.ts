import { adminListAuditLog, type TAuditListInput } from '@parlour/contract/calls/operations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOperationsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The audit log of operator changes by operator, action, target and time, newest first. */
export function listAuditLog(input: TAuditListInput) {
  return callApi(adminListAuditLog, input);
}

export function listAuditLogQueryOptions(input: TAuditListInput) {
  return queryOptions({
    queryKey: [...adminOperationsKey, 'audit', input],
    queryFn: () => listAuditLog(input),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(input: TAuditListInput) {
  return useQuery(listAuditLogQueryOptions(input));
}
