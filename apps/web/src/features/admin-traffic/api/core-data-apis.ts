import {
  adminAddOpenApi,
  adminEditOpenApi,
  adminListOpenApis,
  type TOpenApiEditInput,
  type TOpenApiFields,
  type TOpenApiListInput,
} from '@parlour/contract/calls/open-core';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coreDataKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The API catalogue, filtered by platform and keyword. */
export function listOpenApis(input: TOpenApiListInput) {
  return callApi(adminListOpenApis, input);
}
export function listOpenApisQueryOptions(input: TOpenApiListInput) {
  return queryOptions({
    queryKey: [...coreDataKey, 'apis', input],
    queryFn: () => listOpenApis(input),
    placeholderData: keepPreviousData,
  });
}

export function useOpenApis(input: TOpenApiListInput) {
  return useQuery(listOpenApisQueryOptions(input));
}

/** Adds an API (no id) or edits one; data source API counts change too. */
export function saveOpenApi(input: TOpenApiFields | TOpenApiEditInput) {
  return 'id' in input && input.id
    ? callApi(adminEditOpenApi, input as TOpenApiEditInput)
    : callApi(adminAddOpenApi, input);
}
export function useSaveOpenApi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOpenApi,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: coreDataKey }),
  });
}
