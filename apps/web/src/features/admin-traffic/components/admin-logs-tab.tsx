import type { TAdminApiLog } from '@parlour/contract/calls/traffic-report';
import { TrafficLogsTab, type TrafficLogCalls } from '@/components/traffic-logs-tab';
import { useAdminApiEnum } from '../api/admin-report-api-enum';
import { useAdminApiLogDetail } from '../api/admin-report-log-detail';
import { useAdminApiLogs } from '../api/admin-report-log-list';

const calls: TrafficLogCalls<TAdminApiLog> = {
  useApiEnum: useAdminApiEnum,
  useLogs: useAdminApiLogs,
  useLogDetail: useAdminApiLogDetail,
};

/** Every merchant's call log: filters (time, platform, API, status, store, merchant), sort and page in the URL, and a call's details. */
export function AdminLogsTab() {
  return <TrafficLogsTab role="admin" calls={calls} />;
}
