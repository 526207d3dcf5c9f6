import {
  API_LOG_SORT_FIELDS,
  type TAdminApiLog,
  type TAdminApiLogDetail,
  type TApiEnum,
  type TApiLog,
  type TApiLogDetail,
} from '@parlour/contract/calls/traffic-report';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiLogDrawer } from './api-log-drawer';
import { ApiLogTable } from './api-log-table';
import type { TrafficFilter } from './traffic-filters';
import { TrafficFilters } from './traffic-filters';
import { useTrafficListState } from './use-traffic-list-state';

const PAGE_SIZE = 20;

/** The log list call's input: the filter with the list's page and sort. */
export type TrafficLogsInput = TrafficFilter & {
  page: number;
  limit: number;
  sort_field?: (typeof API_LOG_SORT_FIELDS)[number];
  sort_order?: 'ascend' | 'descend';
};

/** The query hooks of one role's call log. */
export interface TrafficLogCalls<Log extends TApiLog | TAdminApiLog> {
  useApiEnum: () => UseQueryResult<TApiEnum>;
  useLogs: (input: TrafficLogsInput) => UseQueryResult<{ list: Log[]; total: number; is_total_estimated?: boolean }>;
  useLogDetail: (id: number | null) => UseQueryResult<TApiLogDetail | TAdminApiLogDetail>;
}

/**
 * A call log: filters (time, platform, API, status, store; the operator's also the merchant), sort
 * and page in the URL, and a call's details in a drawer. The merchant's and the operator's log tabs
 * are this with their own calls.
 */
export function TrafficLogsTab<Log extends TApiLog | TAdminApiLog>({
  role,
  calls,
}: {
  role: 'merchant' | 'admin';
  calls: TrafficLogCalls<Log>;
}) {
  const isOperator = role === 'admin';
  const list = useTrafficListState({ defaultPageSize: PAGE_SIZE, sortFields: API_LOG_SORT_FIELDS });
  const [openId, setOpenId] = useState<number | null>(null);
  const options = calls.useApiEnum();
  // The merchant's call takes no merchant filter.
  const { merchant_id: merchantId, ...filter } = list.filter;
  const logs = calls.useLogs({ ...filter, ...(isOperator ? { merchant_id: merchantId } : {}), ...list.query });
  const detail = calls.useLogDetail(openId);

  return (
    <>
      <TrafficFilters
        value={list.filter}
        options={options.data}
        hasApi
        hasStatus
        store={isOperator ? 'input' : 'select'}
        hasMerchant={isOperator}
        onChange={list.setFilter}
      />
      <ApiLogTable<Log>
        listId={`${role}.traffic.logs`}
        logs={logs.data?.list}
        total={logs.data?.total ?? 0}
        isTotalEstimated={logs.data?.is_total_estimated}
        isLoading={logs.isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.onPageChange}
        sort={list.sort}
        onSortChange={list.setSort}
        showMerchant={isOperator}
        onDetail={(log) => setOpenId(log.id)}
      />
      <ApiLogDrawer
        isOpen={openId !== null}
        detail={detail.data}
        isLoading={detail.isPending}
        onClose={() => setOpenId(null)}
      />
    </>
  );
}
