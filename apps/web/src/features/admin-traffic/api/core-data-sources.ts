import {
  adminAddDataSource,
  adminDeleteDataSource,
  adminEditDataSource,
  adminEnableDataSource,
  adminListDataSources,
  type TDataSourceAddInput,
  type TDataSourceEditInput,
} from '@parlour/contract/calls/open-core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coreDataKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The data source of each platform with its API counts. */
export function listDataSources() {
  return callApi(adminListDataSources, {});
}
export function listDataSourcesQueryOptions() {
  return queryOptions({ queryKey: [...coreDataKey, 'sources'], queryFn: listDataSources });
}

export function useDataSources() {
  return useQuery(listDataSourcesQueryOptions());
}

function useCoreDataMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: coreDataKey }) });
}

/** Adds the data source of a platform. */
export function addDataSource(input: TDataSourceAddInput) {
  return callApi(adminAddDataSource, input);
}
export const useAddDataSource = () => useCoreDataMutation(addDataSource);

/** Edits a data source's name, remark and sort. */
export function editDataSource(input: TDataSourceEditInput) {
  return callApi(adminEditDataSource, input);
}
export const useEditDataSource = () => useCoreDataMutation(editDataSource);

/** Switches a platform on or off. */
export function enableDataSource(input: { id: number; is_enabled: boolean }) {
  return callApi(adminEnableDataSource, input);
}
export const useEnableDataSource = () => useCoreDataMutation(enableDataSource);

/** Deletes a data source; its platform's calls are rejected until one is added again. */
export function deleteDataSource(input: { id: number }) {
  return callApi(adminDeleteDataSource, input);
}
export const useDeleteDataSource = () => useCoreDataMutation(deleteDataSource);
