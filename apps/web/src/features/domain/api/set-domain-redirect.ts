import { adminSetDomainRedirect, merchantSetDomainRedirect } from '@parlour/contract/calls/domain';
import type { Role } from '@parlour/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { DOMAINS_KEY, NETWORK_MODE } from './domain-console';

export interface SetDomainRedirectInput {
  id: number;
  is_redirect: boolean;
}

/** Turns a non-primary domain's 301 redirect to the primary domain on or off. */
export function setDomainRedirect(role: Role, input: SetDomainRedirectInput) {
  return role === 'merchant' ? callApi(merchantSetDomainRedirect, input) : callApi(adminSetDomainRedirect, input);
}

export function useSetDomainRedirect(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: NETWORK_MODE,
    mutationFn: (input: SetDomainRedirectInput) => setDomainRedirect(role, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOMAINS_KEY[role] }),
  });
}
