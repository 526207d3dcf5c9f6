import { adminEditProductDataConfig, adminGetProductDataConfig, type TProductDataConfigInput } from '@parlour/contract/calls/open-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { productDataConfigKey } from './core-data-query-keys';

/** The product-data provider configuration; the secret only as `has_secret`. */
export function getProductDataConfig() {
  return callApi(adminGetProductDataConfig, {});
}
export function useProductDataConfig() {
  return useQuery({ queryKey: productDataConfigKey, queryFn: getProductDataConfig });
}

/** Saves the provider configuration; an empty secret keeps the stored one. */
export function editProductDataConfig(input: TProductDataConfigInput) {
  return callApi(adminEditProductDataConfig, input);
}
export function useEditProductDataConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProductDataConfig,
    onSuccess: (saved) => queryClient.setQueryData(productDataConfigKey, saved),
  });
}
