import { Card, Col, Empty, Row, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '@/components/chart-card';
import { platformPieOption, TrafficFigures, usageTrendOption, type Figure } from '@/components/traffic-charts';
import { percent } from '@/components/traffic-labels';
import { DEFAULT_TRAFFIC_TIME, TrafficTimeFilter, type TrafficTime } from '@/components/traffic-time-filter';
import { dayjs } from '@/lib/dayjs';
import { useTrafficDashboard } from '../api/report-dashboard';

/** The merchant's traffic dashboard: headline figures, daily usage, platforms and the busiest stores over a time filter. */
export function TrafficDashboardTab() {
  const { t } = useTranslation();
  const [time, setTime] = useState<TrafficTime>(DEFAULT_TRAFFIC_TIME);
  const dashboard = useTrafficDashboard(time);
  const data = dashboard.data;
  const hasCalls = (data?.totals.calls ?? 0) > 0;

  const trendOption = useMemo(() => usageTrendOption(t, data?.trend ?? []), [data, t]);
  const platformOption = useMemo(() => platformPieOption(t, (data?.by_platform ?? []).filter((row) => row.calls > 0)), [data, t]);

  const figures: Figure[] = data
    ? [
        { key: 'calls', title: t('trafficReport.figure.calls'), value: data.totals.calls, hint: t('trafficReport.figure.callsHint', { success: data.totals.success }) },
        {
          key: 'rate',
          title: t('trafficReport.figure.successRate'),
          value: data.totals.calls ? percent(data.totals.success_rate) : '—',
          hint: t('trafficReport.figure.successRateHint', { failed: data.totals.failed_upstream, quota: data.totals.quota_exhausted, rejected: data.totals.rejected }),
        },
        { key: 'used', title: t('trafficReport.figure.unitsUsed'), value: data.totals.units, hint: t('trafficReport.figure.unitsUsedHint', { ms: data.totals.avg_response_ms }) },
        {
          key: 'left',
          title: t('trafficReport.figure.unitsLeft'),
          value: data.balance.units_left,
          hint: data.balance.active_packages ? t('trafficReport.figure.unitsLeftHint', { count: data.balance.active_packages }) : t('trafficReport.figure.noActivePackage'),
        },
        {
          key: 'expiry',
          title: t('trafficReport.figure.firstExpiry'),
          value: data.balance.days_to_first_expiry === null ? '—' : t('trafficReport.figure.days', { count: data.balance.days_to_first_expiry }),
          hint: data.balance.first_expires_at ? t('trafficReport.figure.firstExpiryHint', { time: dayjs(data.balance.first_expires_at).format('YYYY-MM-DD HH:mm') }) : undefined,
        },
      ]
    : ['calls', 'rate', 'used', 'left', 'expiry'].map((key) => ({ key, title: '', value: '' }));

  return (
    <div className="traffic-dashboard">
      <div style={{ marginBottom: 16 }}>
        <TrafficTimeFilter value={time} onChange={setTime} />
      </div>
      <TrafficFigures figures={figures} isLoading={!data} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16}>
          <ChartCard
            title={t('trafficReport.chart.trend')}
            option={trendOption}
            isLoading={dashboard.isPending}
            isEmpty={!hasCalls}
            emptyText={dashboard.isPending ? undefined : t('trafficReport.chart.noCalls')}
          />
        </Col>
        <Col xs={24} xl={8}>
          <ChartCard
            title={t('trafficReport.chart.byPlatform')}
            option={platformOption}
            isLoading={dashboard.isPending}
            isEmpty={!hasCalls}
            emptyText={dashboard.isPending ? undefined : t('trafficReport.chart.noCalls')}
          />
        </Col>
        <Col xs={24}>
          <Card title={t('trafficReport.chart.byStore')} size="small">
            <Table
              rowKey="shop_id"
              size="small"
              pagination={false}
              loading={dashboard.isFetching && !data}
              dataSource={data?.by_store ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.chart.noCalls')} /> }}
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
        </Col>
      </Row>
    </div>
  );
}
