import { Alert, Button, Card, Empty, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Figure } from '@/components/traffic-charts';
import { TrafficDashboard } from '@/components/traffic-dashboard';
import { formatInZone, useBusinessTimeZone } from '@/lib/business-time';
import { useTrafficDashboard } from '../api/report-dashboard';

/**
 * The merchant's traffic dashboard: headline figures, daily usage, platforms, calls by caller (the stores'
 * API keys apart from their own sites) and the busiest stores over a time filter; with no units left, why
 * the stores cannot look items up and where to buy more.
 */
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
        <Flex vertical gap={16}>
          {data && data.balance.units_left === 0 ? (
            // Why a store's pages say "temporarily unavailable" and its key's calls "quota exhausted".
            <Alert
              type="warning"
              showIcon
              message={t('trafficReport.noUnits.title')}
              description={t('trafficReport.noUnits.body')}
              action={
                <Link to="/merchant/traffic?tab=packages">
                  <Button type="primary" size="small">
                    {t('trafficReport.noUnits.buy')}
                  </Button>
                </Link>
              }
            />
          ) : null}
          <Card title={t('trafficReport.chart.byCaller')} size="small">
            <Table
              rowKey="source"
              size="small"
              pagination={false}
              loading={isLoading}
              dataSource={data?.by_caller ?? []}
              columns={[
                {
                  title: t('trafficReport.column.caller'),
                  key: 'source',
                  render: (_: unknown, row) => (
                    <>
                      {t(`trafficReport.caller.${row.source}`)}{' '}
                      <Typography.Text type="secondary">{t(`trafficReport.callerHint.${row.source}`)}</Typography.Text>
                    </>
                  ),
                },
                { title: t('trafficReport.column.calls'), dataIndex: 'calls', align: 'right' },
                { title: t('trafficReport.column.success'), dataIndex: 'success', align: 'right' },
                { title: t('trafficReport.column.unitsUsed'), dataIndex: 'units', align: 'right' },
              ]}
            />
          </Card>
          <Card title={t('trafficReport.chart.byStore')} size="small">
            <Table
              rowKey="shop_id"
              size="small"
              pagination={false}
              loading={isLoading}
              dataSource={data?.by_store ?? []}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.chart.noCalls')} />
                ),
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
        </Flex>
      )}
    </TrafficDashboard>
  );
}
