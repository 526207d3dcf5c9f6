import { adminListSessions, merchantListSessions } from '@parlour/contract/calls/account-security';
import type { Role } from '@parlour/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSessionsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

const listCalls = { merchant: merchantListSessions, admin: adminListSessions } as const;

/** The signed-in user's active sessions, its own marked. */
export function listSessions(role: Role) {
  return callApi(listCalls[role], {});
}

export function listSessionsQueryOptions(role: Role) {
  return queryOptions({ queryKey: [...accountSessionsKey, role], queryFn: () => listSessions(role) });
}

export function useSessions(role: Role) {
  return useQuery(listSessionsQueryOptions(role));
}
