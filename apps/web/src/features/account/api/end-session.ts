import { adminEndSession, merchantEndSession, type TSessionRef } from '@parlour/contract/calls/account-security';
import type { Role } from '@parlour/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSessionsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

const endCalls = { merchant: merchantEndSession, admin: adminEndSession } as const;

/** Ends one of the user's sessions: its token is refused from its next call. */
export function endSession(role: Role, input: TSessionRef) {
  return callApi(endCalls[role], input);
}

export function useEndSession(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSessionRef) => endSession(role, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
