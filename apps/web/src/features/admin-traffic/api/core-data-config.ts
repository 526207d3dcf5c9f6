import {
  adminEditProductDataConfig,
  adminGetProductDataConfig,
  type TProductDataConfigInput,
} from '@parlour/contract/calls/open-core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coreDataKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The product-data provider configuration; the secret only as `has_secret`. */
export function getProductDataConfig() {
  return callApi(adminGetProductDataConfig, {});
}
export function getProductDataConfigQueryOptions() {
  return queryOptions({ queryKey: [...coreDataKey, 'config'], queryFn: getProductDataConfig });
}

export function useProductDataConfig() {
  return useQuery(getProductDataConfigQueryOptions());
}

/** Saves the provider configuration; an empty secret keeps the stored one. */
export function editProductDataConfig(input: TProductDataConfigInput) {
  return callApi(adminEditProductDataConfig, input);
}
export function useEditProductDataConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProductDataConfig,
    onSuccess: (saved) => queryClient.setQueryData(getProductDataConfigQueryOptions().queryKey, saved),
  });
}
