import { adminListProspects, type TProspectListInput } from '@parlour/contract/calls/prospect';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminProspectsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** Leads from the message form by keyword, status and creation day, newest first. */
export function listProspects(input: TProspectListInput) {
  return callApi(adminListProspects, input);
}

export function listProspectsQueryOptions(input: TProspectListInput) {
  return queryOptions({
    queryKey: [...adminProspectsKey, 'list', input],
    queryFn: () => listProspects(input),
    placeholderData: keepPreviousData,
  });
}

export function useProspects(input: TProspectListInput) {
  return useQuery(listProspectsQueryOptions(input));
}
