import type { TMerchantUsage } from '@parlour/contract/calls/traffic-report';
import { Card, Col, Empty, Row, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '@/components/chart-card';
import type { DataColumn } from '@/components/data-table';
import { platformPieOption, TrafficFigures, usageTrendOption, type Figure } from '@/components/traffic-charts';
import { percent } from '@/components/traffic-labels';
import { DEFAULT_TRAFFIC_TIME, TrafficTimeFilter, type TrafficTime } from '@/components/traffic-time-filter';
import { dayjs } from '@/lib/dayjs';
import { useAdminTrafficDashboard } from '../api/report-dashboard';

/** Top merchants by units used, as the dashboard and the statistics tab show them (`offset`: the rank before the first row). */
export function useMerchantUsageColumns(offset = 0): Array<DataColumn<TMerchantUsage>> {
  const { t } = useTranslation();
  return [
    { title: t('trafficReport.column.rank'), key: 'rank', width: 70, render: (_: unknown, __: TMerchantUsage, index: number) => offset + index + 1 },
    { title: t('trafficReport.column.merchantId'), key: 'merchant_id', dataIndex: 'merchant_id', width: 100 },
    {
      title: t('trafficReport.column.merchant'),
      key: 'merchant',
      isRequired: true,
      cardRole: 'title',
      render: (_: unknown, row: TMerchantUsage) => `${row.merchant_name} · ${row.merchant_account}`,
    },
    { title: t('trafficReport.column.calls'), key: 'calls', dataIndex: 'calls', align: 'right', render: (value: number) => value.toLocaleString() },
    { title: t('trafficReport.column.unitsUsed'), key: 'units', dataIndex: 'units', align: 'right', render: (value: number) => value.toLocaleString() },
    { title: t('trafficReport.column.successRate'), key: 'success_rate', dataIndex: 'success_rate', align: 'right', render: (rate: number) => percent(rate) },
  ];
}

/** The operator's traffic dashboard: platform-wide figures, daily usage, platforms and the top merchants. */
export function AdminTrafficDashboardTab() {
  const { t } = useTranslation();
  const [time, setTime] = useState<TrafficTime>(DEFAULT_TRAFFIC_TIME);
  const dashboard = useAdminTrafficDashboard(time);
  const data = dashboard.data;
  const hasCalls = (data?.totals.calls ?? 0) > 0;
  const trendOption = useMemo(() => usageTrendOption(t, data?.trend ?? []), [data, t]);
  const platformOption = useMemo(() => platformPieOption(t, (data?.by_platform ?? []).filter((row) => row.calls > 0)), [data, t]);
  const merchantColumns = useMerchantUsageColumns();

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
        { key: 'merchants', title: t('trafficReport.figure.activeMerchants'), value: data.active_merchants, hint: t('trafficReport.figure.activeMerchantsHint', { stores: data.active_stores }) },
        {
          key: 'left',
          title: t('trafficReport.figure.unitsLeft'),
          value: data.balance.units_left,
          hint: data.balance.active_packages
            ? `${t('trafficReport.figure.unitsLeftHint', { count: data.balance.active_packages })}${data.balance.first_expires_at ? ` · ${t('trafficReport.figure.firstExpiryHint', { time: dayjs(data.balance.first_expires_at).format('YYYY-MM-DD') })}` : ''}`
            : t('trafficReport.figure.noActivePackage'),
        },
      ]
    : ['calls', 'rate', 'used', 'merchants', 'left'].map((key) => ({ key, title: '', value: '' }));

  return (
    <div className="admin-traffic-dashboard">
      <div style={{ marginBottom: 16 }}>
        <TrafficTimeFilter value={time} onChange={setTime} />
      </div>
      <TrafficFigures figures={figures} isLoading={!data} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16}>
          <ChartCard title={t('trafficReport.chart.trend')} option={trendOption} isLoading={dashboard.isPending} isEmpty={!hasCalls} emptyText={dashboard.isPending ? undefined : t('trafficReport.chart.noCalls')} />
        </Col>
        <Col xs={24} xl={8}>
          <ChartCard title={t('trafficReport.chart.byPlatform')} option={platformOption} isLoading={dashboard.isPending} isEmpty={!hasCalls} emptyText={dashboard.isPending ? undefined : t('trafficReport.chart.noCalls')} />
        </Col>
        <Col xs={24}>
          <Card title={t('trafficReport.stats.topMerchants')} size="small">
            <Table<TMerchantUsage>
              rowKey="merchant_id"
              size="small"
              pagination={false}
              loading={dashboard.isFetching && !data}
              dataSource={data?.top_merchants ?? []}
              columns={merchantColumns}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.chart.noCalls')} /> }}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
