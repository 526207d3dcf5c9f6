import { adminListPlans, type TPlanListInput } from '@parlour/contract/calls/traffic';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPlansKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Traffic package plans by status and name, with how many were sold. */
export function listPlans(input: TPlanListInput) {
  return callApi(adminListPlans, input);
}

export function listPlansQueryOptions(input: TPlanListInput) {
  return queryOptions({
    queryKey: [...adminPlansKey, input],
    queryFn: () => listPlans(input),
    placeholderData: keepPreviousData,
  });
}

export function usePlans(input: TPlanListInput) {
  return useQuery(listPlansQueryOptions(input));
}
