import { adminListFailedJobs } from '@parlour/contract/calls/operations';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOperationsKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

type Input = CallInput<typeof adminListFailedJobs>;

/** Failed background jobs with their errors, newest first. */
export function listFailedJobs(input: Input) {
  return callApi(adminListFailedJobs, input);
}

export function listFailedJobsQueryOptions(input: Input) {
  return queryOptions({
    queryKey: [...adminOperationsKey, 'failed-jobs', input],
    queryFn: () => listFailedJobs(input),
    placeholderData: keepPreviousData,
  });
}

export function useFailedJobs(input: Input) {
  return useQuery(listFailedJobsQueryOptions(input));
}
