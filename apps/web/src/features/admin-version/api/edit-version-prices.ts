import { adminEditVersionPrices, type TVersionPriceInput } from '@parlour/contract/calls/store';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminShopsKey, adminVersionsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Sets the price of every term of a store version. */
export function editVersionPrices(input: TVersionPriceInput) {
  return callApi(adminEditVersionPrices, input);
}

export function useEditVersionPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editVersionPrices,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminVersionsKey });
      void queryClient.invalidateQueries({ queryKey: adminShopsKey });
    },
  });
}
