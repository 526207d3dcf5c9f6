import type { TCallTotals, TUsageDay } from '@parlour/contract/calls/traffic-report';
import { Col, Row } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from './chart-card';
import { platformPieOption, TrafficFigures, usageTrendOption, type Figure } from './traffic-charts';
import { percent } from './traffic-labels';
import { DEFAULT_TRAFFIC_TIME, TrafficTimeFilter, type TrafficTime } from './traffic-time-filter';

/** What both roles' dashboard calls answer. */
interface DashboardData {
  totals: TCallTotals & { success_rate: number; avg_response_ms: number };
  trend: TUsageDay[];
  by_platform: Array<{ platform: string; calls: number }>;
}

/** Calls, success rate and units used: the first figures of both dashboards. */
function callFigures(t: TFunction, totals: DashboardData['totals']): Figure[] {
  return [
    {
      key: 'calls',
      title: t('trafficReport.figure.calls'),
      value: totals.calls,
      hint: t('trafficReport.figure.callsHint', { success: totals.success }),
    },
    {
      key: 'rate',
      title: t('trafficReport.figure.successRate'),
      value: totals.calls ? percent(totals.success_rate) : '—',
      hint: t('trafficReport.figure.successRateHint', {
        failed: totals.failed_upstream,
        quota: totals.quota_exhausted,
        rejected: totals.rejected,
      }),
    },
    {
      key: 'used',
      title: t('trafficReport.figure.unitsUsed'),
      value: totals.units,
      hint: t('trafficReport.figure.unitsUsedHint', { ms: totals.avg_response_ms }),
    },
  ];
}

/**
 * A traffic dashboard over a time filter: headline figures (calls, success rate, units used, then
 * the role's own), daily usage, usage by platform, and the role's table below. The merchant's and
 * the operator's dashboards are this with their own call, figures and table.
 */
export function TrafficDashboard<Data extends DashboardData>({
  className,
  useDashboard,
  moreFigureKeys,
  moreFigures,
  children,
}: {
  className: string;
  useDashboard: (time: TrafficTime) => { data: Data | undefined; isPending: boolean; isFetching: boolean };
  /** The keys of the role's own figures (their placeholders while loading). */
  moreFigureKeys: string[];
  moreFigures: (data: Data) => Figure[];
  /** The table under the charts. */
  children: (dashboard: { data: Data | undefined; isLoading: boolean }) => ReactNode;
}) {
  const { t } = useTranslation();
  const [time, setTime] = useState<TrafficTime>(DEFAULT_TRAFFIC_TIME);
  const dashboard = useDashboard(time);
  const data = dashboard.data;
  const hasCalls = (data?.totals.calls ?? 0) > 0;
  const trendOption = useMemo(() => usageTrendOption(t, data?.trend ?? []), [data, t]);
  const platformOption = useMemo(
    () =>
      platformPieOption(
        t,
        (data?.by_platform ?? []).filter((row) => row.calls > 0),
      ),
    [data, t],
  );

  const figures: Figure[] = data
    ? [...callFigures(t, data.totals), ...moreFigures(data)]
    : ['calls', 'rate', 'used', ...moreFigureKeys].map((key) => ({ key, title: '', value: '' }));
  const emptyText = dashboard.isPending ? undefined : t('trafficReport.chart.noCalls');

  return (
    <div className={className}>
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
            emptyText={emptyText}
          />
        </Col>
        <Col xs={24} xl={8}>
          <ChartCard
            title={t('trafficReport.chart.byPlatform')}
            option={platformOption}
            isLoading={dashboard.isPending}
            isEmpty={!hasCalls}
            emptyText={emptyText}
          />
        </Col>
        <Col xs={24}>{children({ data, isLoading: dashboard.isFetching && !data })}</Col>
      </Row>
    </div>
  );
}
