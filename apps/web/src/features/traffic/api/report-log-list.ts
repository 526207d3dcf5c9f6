import { merchantListApiLogs, type TApiLogListInput } from '@parlour/contract/calls/traffic-report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/request';
import { trafficReportKey } from './report-query-keys';

/** The merchant's call log, newest first. */
export function listApiLogs(input: TApiLogListInput) {
  return callApi(merchantListApiLogs, input);
}

export function useApiLogs(input: TApiLogListInput) {
  return useQuery({ queryKey: [...trafficReportKey, 'logs', input], queryFn: () => listApiLogs(input), placeholderData: keepPreviousData });
}
