import type { TApiLog } from '@parlour/contract/calls/traffic-report';
import { useState } from 'react';
import { ApiLogDrawer } from '@/components/api-log-drawer';
import { ApiLogTable } from '@/components/api-log-table';
import { TrafficFilters, type TrafficFilter } from '@/components/traffic-filters';
import { DEFAULT_TRAFFIC_TIME } from '@/components/traffic-time-filter';
import { useApiEnum } from '../api/report-api-enum';
import { useApiLogDetail } from '../api/report-log-detail';
import { useApiLogs } from '../api/report-log-list';

const PAGE_SIZE = 20;

/** The merchant's call log: filters (time, platform, API, status, store), pages, and a call's details in a drawer. */
export function LogsTab() {
  const [filter, setFilter] = useState<TrafficFilter>(DEFAULT_TRAFFIC_TIME);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [openId, setOpenId] = useState<number | null>(null);
  const options = useApiEnum();
  const { merchant_id: _merchantId, ...merchantFilter } = filter;
  const logs = useApiLogs({ ...merchantFilter, page, limit: pageSize });
  const detail = useApiLogDetail(openId);

  return (
    <>
      <TrafficFilters
        value={filter}
        options={options.data}
        hasApi
        hasStatus
        store="select"
        onChange={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      <ApiLogTable<TApiLog>
        logs={logs.data?.list}
        total={logs.data?.total ?? 0}
        isTotalEstimated={logs.data?.is_total_estimated}
        isLoading={logs.isFetching}
        page={page}
        pageSize={pageSize}
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
