import { adminListApiLogs } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

type Input = CallInput<typeof adminListApiLogs>;

/** Every merchant's call log, newest first. */
export function listAdminApiLogs(input: Input) {
  return callApi(adminListApiLogs, input);
}

export function listAdminApiLogsQueryOptions(input: Input) {
  return queryOptions({
    queryKey: [...adminTrafficReportKey, 'report-log-list', input],
    queryFn: () => listAdminApiLogs(input),
    placeholderData: keepPreviousData,
  });
}

export function useAdminApiLogs(input: Input) {
  return useQuery(listAdminApiLogsQueryOptions(input));
}
