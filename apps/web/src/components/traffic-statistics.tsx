import type { TApiEnum, TApiStatsRow, TCallTotals } from '@parlour/contract/calls/traffic-report';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TrafficFilters, type TrafficFilter } from './traffic-filters';
import { ApiStatsDataTable, OUTCOME_SORT_FIELDS } from './traffic-stats-table';
import { useTrafficListState } from './use-traffic-list-state';

type ApiStats = { list: TApiStatsRow[]; totals: TCallTotals };

/**
 * The state of a statistics tab: its filter, the per-API sort and the page of its ranking (stores
 * or merchants) in the URL, the filter's options and the per-API statistics of the filter (the
 * operator's may name a merchant; the merchant's call takes none).
 */
export function useTrafficStatistics<Stats extends ApiStats>({
  role,
  pageSize,
  useApiEnum,
  useApiStats,
}: {
  role: 'merchant' | 'admin';
  pageSize: number;
  useApiEnum: () => UseQueryResult<TApiEnum>;
  useApiStats: (input: Omit<TrafficFilter, 'status'>) => UseQueryResult<Stats>;
}) {
  const list = useTrafficListState({ defaultPageSize: pageSize, sortFields: OUTCOME_SORT_FIELDS });
  const options = useApiEnum();
  const { time_range, start_date, end_date, platform, api_code, shop_id, merchant_id } = list.filter;
  const stats = useApiStats({
    time_range,
    start_date,
    end_date,
    platform,
    ...(role === 'admin' ? { merchant_id } : {}),
    api_code,
    shop_id,
  });
  return { list, options, stats };
}

/** A statistics tab: the filter row, the role's cards before the per-API statistics, that table, then the role's cards after. */
export function TrafficStatistics({
  role,
  statistics: { list, options, stats },
  before,
  after,
}: {
  role: 'merchant' | 'admin';
  statistics: ReturnType<typeof useTrafficStatistics>;
  before?: ReactNode;
  after: ReactNode;
}) {
  const { t } = useTranslation();
  const isOperator = role === 'admin';
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <TrafficFilters
        value={list.filter}
        options={options.data}
        hasApi
        store={isOperator ? 'input' : 'select'}
        hasMerchant={isOperator}
        onChange={list.setFilter}
      />
      {before}
      <Card title={t('trafficReport.stats.perApi')} size="small">
        <ApiStatsDataTable
          listId={isOperator ? 'admin.traffic.stats.apis' : 'merchant.traffic.apiStats'}
          rows={stats.data?.list}
          totals={stats.data?.totals}
          isLoading={stats.isFetching}
          sort={list.sort}
          onSortChange={list.setSort}
        />
      </Card>
      {after}
    </Space>
  );
}
