import type { TMerchantUsage } from '@parlour/contract/calls/traffic-report';
import { Card, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/data-table';
import { KeyboardScrollable } from '@/components/keyboard-scrollable';
import type { Figure } from '@/components/traffic-charts';
import { TrafficDashboard } from '@/components/traffic-dashboard';
import { percent } from '@/components/traffic-labels';
import { timeInZone, useBusinessTimeZone } from '@/lib/business-time';
import { useAdminTrafficDashboard } from '../api/admin-report-dashboard';

/** Top merchants by units used, as the dashboard and the statistics tab show them (`offset`: the rank before the first row). */
export function useMerchantUsageColumns(offset = 0): Array<DataColumn<TMerchantUsage>> {
  const { t } = useTranslation();
  return [
    {
      title: t('trafficReport.column.rank'),
      key: 'rank',
      width: 70,
      render: (_: unknown, __: TMerchantUsage, index: number) => offset + index + 1,
    },
    { title: t('trafficReport.column.merchantId'), key: 'merchant_id', dataIndex: 'merchant_id', width: 100 },
    {
      title: t('trafficReport.column.merchant'),
      key: 'merchant',
      isRequired: true,
      cardRole: 'title',
      render: (_: unknown, row: TMerchantUsage) => `${row.merchant_name} · ${row.merchant_account}`,
    },
    {
      title: t('trafficReport.column.calls'),
      key: 'calls',
      dataIndex: 'calls',
      align: 'right',
      render: (value: number) => value.toLocaleString(),
    },
    {
      title: t('trafficReport.column.unitsUsed'),
      key: 'units',
      dataIndex: 'units',
      align: 'right',
      render: (value: number) => value.toLocaleString(),
    },
    {
      title: t('trafficReport.column.successRate'),
      key: 'success_rate',
      dataIndex: 'success_rate',
      align: 'right',
      render: (rate: number) => percent(rate),
    },
  ];
}

/** The operator's traffic dashboard: platform-wide figures, daily usage, platforms and the top merchants. */
export function AdminTrafficDashboardTab() {
  const { t } = useTranslation();
  const zone = useBusinessTimeZone();
  const merchantColumns = useMerchantUsageColumns();
  type Data = NonNullable<ReturnType<typeof useAdminTrafficDashboard>['data']>;
  const moreFigures = (data: Data): Figure[] => [
    {
      key: 'merchants',
      title: t('trafficReport.figure.activeMerchants'),
      value: data.active_merchants,
      hint: t('trafficReport.figure.activeMerchantsHint', { stores: data.active_stores }),
    },
    {
      key: 'left',
      title: t('trafficReport.figure.unitsLeft'),
      value: data.balance.units_left,
      hint: data.balance.active_packages
        ? t('trafficReport.figure.unitsLeftHint', { count: data.balance.active_packages }) +
          (data.balance.first_expires_at
            ? ` · ${t('trafficReport.figure.firstExpiryHint', { time: timeInZone(data.balance.first_expires_at, zone).day })}`
            : '')
        : t('trafficReport.figure.noActivePackage'),
    },
  ];

  return (
    <TrafficDashboard
      className="admin-traffic-dashboard"
      useDashboard={useAdminTrafficDashboard}
      moreFigureKeys={['merchants', 'left']}
      moreFigures={moreFigures}
    >
      {({ data, isLoading }) => (
        <Card title={t('trafficReport.stats.topMerchants')} size="small">
          <KeyboardScrollable label={t('trafficReport.stats.topMerchants')}>
            <Table<TMerchantUsage>
              rowKey="merchant_id"
              size="small"
              pagination={false}
              loading={isLoading}
              dataSource={data?.top_merchants ?? []}
              columns={merchantColumns}
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.chart.noCalls')} />
                ),
              }}
            />
          </KeyboardScrollable>
        </Card>
      )}
    </TrafficDashboard>
  );
}
