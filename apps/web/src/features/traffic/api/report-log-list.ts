import { merchantListApiLogs, type TApiLogListInput } from '@parlour/contract/calls/traffic-report';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { merchantTrafficReportKey } from '@/lib/query-keys';
import { callApi } from '@/lib/request';

/** The merchant's call log, newest first. */
export function listApiLogs(input: TApiLogListInput) {
  return callApi(merchantListApiLogs, input);
}

export function listApiLogsQueryOptions(input: TApiLogListInput) {
  return queryOptions({
    queryKey: [...merchantTrafficReportKey, 'logs', input],
    queryFn: () => listApiLogs(input),
    placeholderData: keepPreviousData,
  });
}

export function useApiLogs(input: TApiLogListInput) {
  return useQuery(listApiLogsQueryOptions(input));
}
