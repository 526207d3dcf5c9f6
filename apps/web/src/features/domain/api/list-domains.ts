import { adminListDomains, merchantListDomains } from '@parlour/contract/calls/domain';
import type { Role } from '@parlour/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { DOMAINS_KEY, NETWORK_MODE } from './domain-console';

/** A store's domains, the records each binding domain needs, and the store's domain limit. */
export function listDomains(role: Role, shopId: string) {
  return role === 'merchant'
    ? callApi(merchantListDomains, { shop_id: shopId })
    : callApi(adminListDomains, { shop_id: shopId });
}

export function listDomainsQueryOptions(role: Role, shopId: string) {
  return queryOptions({
    queryKey: [...DOMAINS_KEY[role], shopId],
    queryFn: () => listDomains(role, shopId),
    enabled: shopId !== '',
    networkMode: NETWORK_MODE,
  });
}

export function useDomains(role: Role, shopId: string) {
  return useQuery(listDomainsQueryOptions(role, shopId));
}
