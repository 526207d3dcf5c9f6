import type { LogPlatform, TMerchantUsage } from '@parlour/contract/calls/traffic-report';
import { Card, Empty, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { platformLabel } from '@/components/traffic-labels';
import { TrafficStatistics, useTrafficStatistics } from '@/components/traffic-statistics';
import { outcomeDataColumns } from '@/components/traffic-stats-table';
import { useAdminApiEnum } from '../api/admin-report-api-enum';
import { useAdminApiStats } from '../api/admin-report-api-stats';
import { useMerchantStats } from '../api/report-merchant-stats';
import { usePlatformStats } from '../api/report-platform-stats';
import { useMerchantUsageColumns } from './admin-traffic-dashboard-tab';
import { ProductCacheSection } from './product-cache-section';

const MERCHANT_PAGE_SIZE = 10;

/**
 * The operator's statistics: per platform, per API (sorted here on any count: the list is whole),
 * and merchants ranked by usage, over the filters. The filters, the per-API sort and the ranking's
 * page live in the URL.
 */
export function AdminStatisticsTab() {
  const { t } = useTranslation();
  const statistics = useTrafficStatistics({
    role: 'admin',
    pageSize: MERCHANT_PAGE_SIZE,
    useApiEnum: useAdminApiEnum,
    useApiStats: useAdminApiStats,
  });
  const { list } = statistics;
  const { time_range, start_date, end_date, platform, merchant_id } = list.filter;
  const platforms = usePlatformStats({ time_range, start_date, end_date, merchant_id });
  const merchants = useMerchantStats({
    time_range,
    start_date,
    end_date,
    platform,
    page: list.page,
    limit: list.pageSize,
  });
  const merchantColumns = useMerchantUsageColumns((list.page - 1) * list.pageSize);
  type PlatformRow = NonNullable<typeof platforms.data>['list'][number];

  const platformColumns: Array<DataColumn<PlatformRow>> = [
    {
      key: 'platform',
      title: t('trafficReport.column.platform'),
      dataIndex: 'platform',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      render: (value: LogPlatform, row) => (
        <>
          {platformLabel(t, value)} {row.is_enabled ? null : <Tag>{t('trafficReport.column.disabled')}</Tag>}
        </>
      ),
    },
    ...outcomeDataColumns<PlatformRow>(t),
  ];
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.stats.empty')} />;

  return (
    <TrafficStatistics
      role="admin"
      statistics={statistics}
      before={
        <Card title={t('trafficReport.stats.perPlatform')} size="small">
          <DataTable<PlatformRow>
            listId="admin.traffic.stats.platforms"
            rowKey="platform"
            columns={platformColumns}
            rows={platforms.data?.list ?? []}
            isLoading={platforms.isFetching}
            emptyText={empty}
            size="small"
          />
        </Card>
      }
      after={
        <Flex vertical gap={16}>
          <Card title={t('trafficReport.stats.topMerchants')} size="small">
            <DataTable<TMerchantUsage>
              listId="admin.traffic.stats.merchants"
              rowKey="merchant_id"
              columns={merchantColumns}
              rows={merchants.data?.list ?? []}
              isLoading={merchants.isFetching}
              emptyText={empty}
              size="small"
              pagination={list.pagination(merchants.data?.total ?? 0)}
            />
          </Card>
          <ProductCacheSection />
        </Flex>
      }
    />
  );
}
