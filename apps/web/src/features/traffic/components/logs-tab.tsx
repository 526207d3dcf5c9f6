import type { TApiLog } from '@parlour/contract/calls/traffic-report';
import { TrafficLogsTab, type TrafficLogCalls } from '@/components/traffic-logs-tab';
import { useApiEnum } from '../api/report-api-enum';
import { useApiLogDetail } from '../api/report-log-detail';
import { useApiLogs } from '../api/report-log-list';

const calls: TrafficLogCalls<TApiLog> = { useApiEnum, useLogs: useApiLogs, useLogDetail: useApiLogDetail };

/** The merchant's call log: filters (time, platform, API, status, store), sort and page in the URL, and a call's details in a drawer. */
export function LogsTab() {
  return <TrafficLogsTab role="merchant" calls={calls} />;
}
