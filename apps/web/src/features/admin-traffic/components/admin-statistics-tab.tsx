import type { TMerchantUsage } from '@parlour/contract/calls/traffic-report';
import { Card, Empty, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiStatsTable, outcomeColumns } from '@/components/traffic-charts';
import { TrafficFilters, type TrafficFilter } from '@/components/traffic-filters';
import { platformLabel } from '@/components/traffic-labels';
import { DEFAULT_TRAFFIC_TIME } from '@/components/traffic-time-filter';
import { useAdminApiEnum } from '../api/report-api-enum';
import { useAdminApiStats } from '../api/report-api-stats';
import { useMerchantStats } from '../api/report-merchant-stats';
import { usePlatformStats } from '../api/report-platform-stats';
import { useMerchantUsageColumns } from './admin-traffic-dashboard-tab';

const MERCHANT_PAGE_SIZE = 10;

/** The operator's statistics: per platform, per API, and merchants ranked by usage, over the filters. */
export function AdminStatisticsTab() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TrafficFilter>(DEFAULT_TRAFFIC_TIME);
  const [merchantPage, setMerchantPage] = useState(1);
  const options = useAdminApiEnum();
  const { time_range, start_date, end_date, platform, merchant_id } = filter;
  const platforms = usePlatformStats({ time_range, start_date, end_date, merchant_id });
  const stats = useAdminApiStats({ time_range, start_date, end_date, platform, merchant_id, api_code: filter.api_code, shop_id: filter.shop_id });
  const merchants = useMerchantStats({ time_range, start_date, end_date, platform, page: merchantPage, limit: MERCHANT_PAGE_SIZE });
  const merchantColumns = useMerchantUsageColumns((merchantPage - 1) * MERCHANT_PAGE_SIZE);
  type PlatformRow = NonNullable<typeof platforms.data>['list'][number];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <TrafficFilters
        value={filter}
        options={options.data}
        hasApi
        store="input"
        hasMerchant
        onChange={(next) => {
          setFilter(next);
          setMerchantPage(1);
        }}
      />
      <Card title={t('trafficReport.stats.perPlatform')} size="small">
        <Table<PlatformRow>
          rowKey="platform"
          size="middle"
          pagination={false}
          loading={platforms.isFetching}
          dataSource={platforms.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: t('trafficReport.column.platform'),
              dataIndex: 'platform',
              render: (value: string, row) => (
                <>
                  {platformLabel(t, value)} {row.is_enabled ? null : <Tag>{t('trafficReport.column.disabled')}</Tag>}
                </>
              ),
            },
            ...outcomeColumns<PlatformRow>(t),
          ]}
        />
      </Card>
      <Card title={t('trafficReport.stats.perApi')} size="small">
        <ApiStatsTable rows={stats.data?.list} totals={stats.data?.totals} isLoading={stats.isFetching} />
      </Card>
      <Card title={t('trafficReport.stats.topMerchants')} size="small">
        <Table<TMerchantUsage>
          rowKey="merchant_id"
          size="middle"
          loading={merchants.isFetching}
          dataSource={merchants.data?.list ?? []}
          columns={merchantColumns}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.stats.empty')} /> }}
          pagination={{ current: merchantPage, pageSize: MERCHANT_PAGE_SIZE, total: merchants.data?.total ?? 0, onChange: setMerchantPage, hideOnSinglePage: true }}
        />
      </Card>
    </Space>
  );
}
