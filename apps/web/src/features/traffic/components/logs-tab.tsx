import { API_LOG_SORT_FIELDS, type TApiLog } from '@parlour/contract/calls/traffic-report';
import { useState } from 'react';
import { ApiLogDrawer } from '@/components/api-log-drawer';
import { ApiLogTable } from '@/components/api-log-table';
import { TrafficFilters } from '@/components/traffic-filters';
import { useTrafficListState } from '@/components/use-traffic-list-state';
import { useApiEnum } from '../api/report-api-enum';
import { useApiLogDetail } from '../api/report-log-detail';
import { useApiLogs } from '../api/report-log-list';

const PAGE_SIZE = 20;

/** The merchant's call log: filters (time, platform, API, status, store), sort and page in the URL, and a call's details in a drawer. */
export function LogsTab() {
  const list = useTrafficListState({ defaultPageSize: PAGE_SIZE, sortFields: API_LOG_SORT_FIELDS });
  const [openId, setOpenId] = useState<number | null>(null);
  const options = useApiEnum();
  const { merchant_id: _merchantId, ...merchantFilter } = list.filter;
  const logs = useApiLogs({ ...merchantFilter, ...list.query });
  const detail = useApiLogDetail(openId);

  return (
    <>
      <TrafficFilters value={list.filter} options={options.data} hasApi hasStatus store="select" onChange={list.setFilter} />
      <ApiLogTable<TApiLog>
        listId="merchant.traffic.logs"
        logs={logs.data?.list}
        total={logs.data?.total ?? 0}
        isTotalEstimated={logs.data?.is_total_estimated}
        isLoading={logs.isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.onPageChange}
        sort={list.sort}
        onSortChange={list.setSort}
        onDetail={(log) => setOpenId(log.id)}
      />
      <ApiLogDrawer isOpen={openId !== null} detail={detail.data} isLoading={detail.isPending} onClose={() => setOpenId(null)} />
    </>
  );
}
