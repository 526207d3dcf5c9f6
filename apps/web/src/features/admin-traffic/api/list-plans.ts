import { adminListPlans, type TPlanListInput } from '@parlour/contract/calls/traffic';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminPlansKey } from './plan-query-keys';

/** Traffic package plans by status and name, with how many were sold. */
export function listPlans(input: TPlanListInput) {
  return callApi(adminListPlans, input);
}

export function usePlans(input: TPlanListInput) {
  return useQuery({ queryKey: [...adminPlansKey, input], queryFn: () => listPlans(input), placeholderData: keepPreviousData });
}
