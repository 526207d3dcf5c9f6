import type { TStoreUsageRow } from '@parlour/contract/calls/traffic-report';
import { Card, Empty, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '@/components/chart-card';
import { ApiStatsTable, outcomeColumns, usageTrendOption } from '@/components/traffic-charts';
import { TrafficFilters, type TrafficFilter } from '@/components/traffic-filters';
import { DEFAULT_TRAFFIC_TIME } from '@/components/traffic-time-filter';
import { useApiEnum } from '../api/report-api-enum';
import { useApiStats } from '../api/report-api-stats';
import { useStoreUsage } from '../api/report-store-usage';

const STORE_PAGE_SIZE = 10;

/** Statistics per API and platform, the daily trend of the filter, and usage per store. */
export function StatisticsTab() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TrafficFilter>(DEFAULT_TRAFFIC_TIME);
  const [storePage, setStorePage] = useState(1);
  const options = useApiEnum();
  const stats = useApiStats(filter);
  const { time_range, start_date, end_date, platform } = filter;
  const stores = useStoreUsage({ time_range, start_date, end_date, platform, page: storePage, limit: STORE_PAGE_SIZE });
  const trendOption = useMemo(() => usageTrendOption(t, stats.data?.trend ?? []), [stats.data, t]);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <TrafficFilters
        value={filter}
        options={options.data}
        hasApi
        store="select"
        onChange={(next) => {
          setFilter(next);
          setStorePage(1);
        }}
      />
      <Card title={t('trafficReport.stats.perApi')} size="small">
        <ApiStatsTable rows={stats.data?.list} totals={stats.data?.totals} isLoading={stats.isFetching} />
      </Card>
      <ChartCard
        title={t('trafficReport.chart.trend')}
        option={trendOption}
        isLoading={stats.isPending}
        isEmpty={!stats.data?.totals.calls}
        emptyText={stats.isPending ? undefined : t('trafficReport.chart.noCalls')}
        height={260}
      />
      <Card title={t('trafficReport.stats.perStore')} size="small">
        <Table<TStoreUsageRow>
          rowKey="shop_id"
          size="middle"
          loading={stores.isFetching}
          dataSource={stores.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.stats.noStores')} /> }}
          columns={[
            {
              title: t('trafficReport.column.shopName'),
              key: 'shop',
              render: (_: unknown, row) => (
                <>
                  {row.shop_name} <Typography.Text type="secondary">({row.shop_id})</Typography.Text>
                </>
              ),
            },
            ...outcomeColumns<TStoreUsageRow>(t),
            { title: t('trafficReport.column.storeUnitsLeft'), dataIndex: 'store_units_left', align: 'right' },
          ]}
          pagination={{ current: storePage, pageSize: STORE_PAGE_SIZE, total: stores.data?.total ?? 0, onChange: setStorePage, hideOnSinglePage: true }}
        />
      </Card>
    </Space>
  );
}
