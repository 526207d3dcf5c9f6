import { adminDeleteDomain, merchantDeleteDomain } from '@parlour/contract/calls/domain';
import type { Role } from '@parlour/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { DOMAINS_KEY, NETWORK_MODE } from './domain-console';

/** Removes a custom domain that is not the primary. */
export function deleteDomain(role: Role, id: number) {
  return role === 'merchant' ? callApi(merchantDeleteDomain, { id }) : callApi(adminDeleteDomain, { id });
}

export function useDeleteDomain(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: NETWORK_MODE,
    mutationFn: (id: number) => deleteDomain(role, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOMAINS_KEY[role] }),
  });
}
