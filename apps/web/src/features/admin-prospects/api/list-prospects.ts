import { adminListProspects, type TProspectListInput } from '@parlour/contract/calls/prospect';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminProspectsKey } from './query-keys';

/** Leads from the message form by keyword, status and creation day, newest first. */
export function listProspects(input: TProspectListInput) {
  return callApi(adminListProspects, input);
}

export function useProspects(input: TProspectListInput) {
  return useQuery({ queryKey: [...adminProspectsKey, 'list', input], queryFn: () => listProspects(input), placeholderData: keepPreviousData });
}
