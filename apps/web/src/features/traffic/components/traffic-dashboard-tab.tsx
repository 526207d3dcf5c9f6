import { Card, Empty, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Figure } from '@/components/traffic-charts';
import { TrafficDashboard } from '@/components/traffic-dashboard';
import { formatInZone, useBusinessTimeZone } from '@/lib/business-time';
import { useTrafficDashboard } from '../api/report-dashboard';

/** The merchant's traffic dashboard: headline figures, daily usage, platforms and the busiest stores over a time filter. */
export function TrafficDashboardTab() {
  const { t } = useTranslation();
  const zone = useBusinessTimeZone();
  type Data = NonNullable<ReturnType<typeof useTrafficDashboard>['data']>;
  const moreFigures = (data: Data): Figure[] => [
    {
      key: 'left',
      title: t('trafficReport.figure.unitsLeft'),
      value: data.balance.units_left,
      hint: data.balance.active_packages
        ? t('trafficReport.figure.unitsLeftHint', { count: data.balance.active_packages })
        : t('trafficReport.figure.noActivePackage'),
    },
    {
      key: 'expiry',
      title: t('trafficReport.figure.firstExpiry'),
      value:
        data.balance.days_to_first_expiry === null
          ? '—'
          : t('trafficReport.figure.days', { count: data.balance.days_to_first_expiry }),
      hint: data.balance.first_expires_at
        ? t('trafficReport.figure.firstExpiryHint', {
            time: formatInZone(data.balance.first_expires_at, zone, { hasSeconds: false }),
          })
        : undefined,
    },
  ];

  return (
    <TrafficDashboard
      className="traffic-dashboard"
      useDashboard={useTrafficDashboard}
      moreFigureKeys={['left', 'expiry']}
      moreFigures={moreFigures}
    >
      {({ data, isLoading }) => (
        <Card title={t('trafficReport.chart.byStore')} size="small">
          <Table
            rowKey="shop_id"
            size="small"
            pagination={false}
            loading={isLoading}
            dataSource={data?.by_store ?? []}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.chart.noCalls')} />,
            }}
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
              { title: t('trafficReport.column.calls'), dataIndex: 'calls', align: 'right' },
              { title: t('trafficReport.column.success'), dataIndex: 'success', align: 'right' },
              { title: t('trafficReport.column.unitsUsed'), dataIndex: 'units', align: 'right' },
            ]}
          />
        </Card>
      )}
    </TrafficDashboard>
  );
}
