import type { TAdminApiLog } from '@parlour/contract/calls/traffic-report';
import { useState } from 'react';
import { ApiLogDrawer } from '@/components/api-log-drawer';
import { ApiLogTable } from '@/components/api-log-table';
import { TrafficFilters, type TrafficFilter } from '@/components/traffic-filters';
import { DEFAULT_TRAFFIC_TIME } from '@/components/traffic-time-filter';
import { useAdminApiEnum } from '../api/report-api-enum';
import { useAdminApiLogDetail } from '../api/report-log-detail';
import { useAdminApiLogs } from '../api/report-log-list';

const PAGE_SIZE = 20;

/** Every merchant's call log: filters (time, platform, API, status, store, merchant), pages and a call's details. */
export function AdminLogsTab() {
  const [filter, setFilter] = useState<TrafficFilter>(DEFAULT_TRAFFIC_TIME);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [openId, setOpenId] = useState<number | null>(null);
  const options = useAdminApiEnum();
  const logs = useAdminApiLogs({ ...filter, page, limit: pageSize });
  const detail = useAdminApiLogDetail(openId);

  return (
    <>
      <TrafficFilters
        value={filter}
        options={options.data}
        hasApi
        hasStatus
        store="input"
        hasMerchant
        onChange={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      <ApiLogTable<TAdminApiLog>
        logs={logs.data?.list}
        total={logs.data?.total ?? 0}
        isTotalEstimated={logs.data?.is_total_estimated}
        isLoading={logs.isFetching}
        page={page}
        pageSize={pageSize}
        showMerchant
        onPageChange={(nextPage, nextSize) => {
          setPage(nextSize === pageSize ? nextPage : 1);
          setPageSize(nextSize);
        }}
        onDetail={(log) => setOpenId(log.id)}
      />
      <ApiLogDrawer isOpen={openId !== null} detail={detail.data} isLoading={detail.isPending} onClose={() => setOpenId(null)} />
    </>
  );
}
