import {
  adminSiteConfigEdit,
  merchantSiteConfigEdit,
  type TStoreSiteConfigEditInput,
} from '@parlour/contract/calls/store-site-config';
import type { Role } from '@parlour/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { storeSiteConfigQueryOptions } from './get-store-site-config';

/** Saves a store's basic config (every field but the domain); the answer is the config as saved. */
export function editSiteConfig(role: Role, input: TStoreSiteConfigEditInput) {
  return callApi(role === 'merchant' ? merchantSiteConfigEdit : adminSiteConfigEdit, input);
}

export function useEditStoreSiteConfig(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TStoreSiteConfigEditInput) => editSiteConfig(role, input),
    onSuccess: (saved) => queryClient.setQueryData(storeSiteConfigQueryOptions(role, saved.shop_id).queryKey, saved),
  });
}
