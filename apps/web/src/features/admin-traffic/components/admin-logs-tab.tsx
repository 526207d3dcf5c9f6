import { API_LOG_SORT_FIELDS, type TAdminApiLog } from '@parlour/contract/calls/traffic-report';
import { useState } from 'react';
import { ApiLogDrawer } from '@/components/api-log-drawer';
import { ApiLogTable } from '@/components/api-log-table';
import { TrafficFilters } from '@/components/traffic-filters';
import { useTrafficListState } from '@/components/use-traffic-list-state';
import { useAdminApiEnum } from '../api/report-api-enum';
import { useAdminApiLogDetail } from '../api/report-log-detail';
import { useAdminApiLogs } from '../api/report-log-list';

const PAGE_SIZE = 20;

/** Every merchant's call log: filters (time, platform, API, status, store, merchant), sort and page in the URL, and a call's details. */
export function AdminLogsTab() {
  const list = useTrafficListState({ defaultPageSize: PAGE_SIZE, sortFields: API_LOG_SORT_FIELDS });
  const [openId, setOpenId] = useState<number | null>(null);
  const options = useAdminApiEnum();
  const logs = useAdminApiLogs({ ...list.filter, ...list.query });
  const detail = useAdminApiLogDetail(openId);

  return (
    <>
      <TrafficFilters value={list.filter} options={options.data} hasApi hasStatus store="input" hasMerchant onChange={list.setFilter} />
      <ApiLogTable<TAdminApiLog>
        listId="admin.traffic.logs"
        logs={logs.data?.list}
        total={logs.data?.total ?? 0}
        isTotalEstimated={logs.data?.is_total_estimated}
        isLoading={logs.isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.onPageChange}
        sort={list.sort}
        onSortChange={list.setSort}
        showMerchant
        onDetail={(log) => setOpenId(log.id)}
      />
      <ApiLogDrawer isOpen={openId !== null} detail={detail.data} isLoading={detail.isPending} onClose={() => setOpenId(null)} />
    </>
  );
}
