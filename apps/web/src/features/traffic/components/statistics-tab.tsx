import type { TStoreUsageRow } from '@parlour/contract/calls/traffic-report';
import { Card, Empty, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '@/components/chart-card';
import { DataTable, type DataColumn } from '@/components/data-table';
import { usageTrendOption } from '@/components/traffic-charts';
import { TrafficStatistics, useTrafficStatistics } from '@/components/traffic-statistics';
import { outcomeDataColumns } from '@/components/traffic-stats-table';
import { useApiEnum } from '../api/report-api-enum';
import { useApiStats } from '../api/report-api-stats';
import { useStoreUsage } from '../api/report-store-usage';

const STORE_PAGE_SIZE = 10;

/**
 * Statistics per API and platform (sorted in the browser: the list comes whole), the daily trend of
 * the filter, and usage per store (paged on the server, busiest first). The filter, the per-API
 * sort and the store page are in the URL.
 */
export function StatisticsTab() {
  const { t } = useTranslation();
  const statistics = useTrafficStatistics({ role: 'merchant', pageSize: STORE_PAGE_SIZE, useApiEnum, useApiStats });
  const { list, stats } = statistics;
  const { time_range, start_date, end_date, platform } = list.filter;
  const stores = useStoreUsage({ time_range, start_date, end_date, platform, page: list.page, limit: list.pageSize });
  const trendOption = useMemo(() => usageTrendOption(t, stats.data?.trend ?? []), [stats.data, t]);

  const storeColumns: Array<DataColumn<TStoreUsageRow>> = [
    {
      key: 'shop',
      title: t('trafficReport.column.shopName'),
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      width: 160,
      render: (_: unknown, row) => (
        <>
          {row.shop_name} <Typography.Text type="secondary">({row.shop_id})</Typography.Text>
        </>
      ),
    },
    ...outcomeDataColumns<TStoreUsageRow>(t),
    {
      key: 'store_units_left',
      title: t('trafficReport.column.storeUnitsLeft'),
      dataIndex: 'store_units_left',
      align: 'right',
      width: 120,
      render: (value: number) => value.toLocaleString(),
    },
  ];

  return (
    <TrafficStatistics
      role="merchant"
      statistics={statistics}
      after={
        <>
          <ChartCard
            title={t('trafficReport.chart.trend')}
            option={trendOption}
            isLoading={stats.isPending}
            isEmpty={!stats.data?.totals.calls}
            emptyText={stats.isPending ? undefined : t('trafficReport.chart.noCalls')}
            height={260}
          />
          <Card title={t('trafficReport.stats.perStore')} size="small">
            <DataTable<TStoreUsageRow>
              listId="merchant.traffic.storeUsage"
              rowKey="shop_id"
              size="small"
              columns={storeColumns}
              rows={stores.data?.list ?? []}
              isLoading={stores.isFetching}
              emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.stats.noStores')} />}
              pagination={list.pagination(stores.data?.total ?? 0)}
            />
          </Card>
        </>
      }
    />
  );
}
