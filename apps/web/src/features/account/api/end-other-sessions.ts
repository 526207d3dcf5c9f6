import { adminEndOtherSessions, merchantEndOtherSessions } from '@parlour/contract/calls/account-security';
import type { Role } from '@parlour/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSessionsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

const endOthersCalls = { merchant: merchantEndOtherSessions, admin: adminEndOtherSessions } as const;

/** Ends every session of the user but this one. */
export function endOtherSessions(role: Role) {
  return callApi(endOthersCalls[role], {});
}

export function useEndOtherSessions(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endOtherSessions(role),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
