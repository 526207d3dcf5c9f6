import { merchantCreatePackageOrder, type TPackageOrderInput } from '@parlour/contract/calls/traffic';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leavePageFor } from '@/lib/leave-page';
import { merchantPackagesKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Buys a plan: a pending package with its bill, and where to pay it. */
export function createPackageOrder(input: TPackageOrderInput) {
  return callApi(merchantCreatePackageOrder, input);
}

/** Buys a plan, then goes to the cashier like a store bill does. */
export function useCreatePackageOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPackageOrder,
    onSuccess: ({ payment }) => {
      void queryClient.invalidateQueries({ queryKey: merchantPackagesKey });
      leavePageFor(payment.pay_url);
    },
  });
}
