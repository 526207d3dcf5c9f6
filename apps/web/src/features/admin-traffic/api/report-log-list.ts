import { adminListApiLogs } from '@parlour/contract/calls/traffic-report';
import type { CallInput } from '@parlour/contract/call';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { adminTrafficReportKey } from './report-query-keys';

type Input = CallInput<typeof adminListApiLogs>;

/** Every merchant's call log, newest first. */
export function listAdminApiLogs(input: Input) {
  return callApi(adminListApiLogs, input);
}

export function useAdminApiLogs(input: Input) {
  return useQuery({ queryKey: [...adminTrafficReportKey, 'report-log-list', input], queryFn: () => listAdminApiLogs(input), placeholderData: keepPreviousData });
}
