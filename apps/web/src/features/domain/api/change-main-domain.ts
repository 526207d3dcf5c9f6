import { adminChangeMainDomain, merchantChangeMainDomain } from '@parlour/contract/calls/domain';
import type { Role } from '@parlour/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { DOMAINS_KEY, NETWORK_MODE, SHOPS_KEY } from './domain-console';

/** Makes a bound domain its store's primary domain. */
export function changeMainDomain(role: Role, id: number) {
  return role === 'merchant' ? callApi(merchantChangeMainDomain, { id }) : callApi(adminChangeMainDomain, { id });
}

export function useChangeMainDomain(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: NETWORK_MODE,
    mutationFn: (id: number) => changeMainDomain(role, id),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: SHOPS_KEY[role] });
      await queryClient.invalidateQueries({ queryKey: DOMAINS_KEY[role] });
    },
  });
}
