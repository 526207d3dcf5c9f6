import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { Col, Row } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dailyTrendOption, pieOption } from './chart';
import { ChartCard } from './chart-card';
import { useBusinessTimeZone } from '../lib/business-time';
import { DateRangeFilter, lastDays } from './date-range-filter';

/** The range a trend starts with, and falls back to when the picker is cleared. */
const DEFAULT_DAYS = 30;

/** The range state of a trend chart: the last 30 days until another range is picked. */
export function useTrendRange() {
  const zone = useBusinessTimeZone();
  return useState<TDateRangeInput>(() => lastDays(DEFAULT_DAYS, zone));
}

/**
 * Above an operator list: a count per day over a picked range (bars) beside the current split of
 * the same things (a pie), e.g. registrations and merchant types, stores created and versions.
 */
export function TrendAndShareCharts({
  range,
  onRangeChange,
  trend,
  share,
}: {
  range: TDateRangeInput;
  onRangeChange: (range: TDateRangeInput) => void;
  trend: {
    title: string;
    seriesName: string;
    points: { date: string; count: number }[] | undefined;
    isLoading: boolean;
  };
  share: { title: string; items: { name: string; value: number }[]; isLoading: boolean };
}) {
  const { t } = useTranslation();
  const zone = useBusinessTimeZone();
  const trendOption = useMemo(() => {
    const points = trend.points ?? [];
    return dailyTrendOption({
      dates: points.map((point) => point.date),
      series: [{ name: trend.seriesName, kind: 'bar', values: points.map((point) => point.count) }],
    });
  }, [trend.points, trend.seriesName]);
  const shown = useMemo(() => share.items.filter((item) => item.value > 0), [share.items]);
  const shareOption = useMemo(() => pieOption({ name: share.title, items: shown }), [shown, share.title]);

  return (
    <Row gutter={[16, 16]} className="admin-charts">
      <Col xs={24} xl={15}>
        <ChartCard
          title={trend.title}
          extra={
            <DateRangeFilter
              value={range}
              onChange={(next) => onRangeChange(next.start_date ? next : lastDays(DEFAULT_DAYS, zone))}
            />
          }
          option={trendOption}
          isLoading={trend.isLoading}
          isEmpty={!trend.points}
          emptyText={t('chart.noData')}
        />
      </Col>
      <Col xs={24} xl={9}>
        <ChartCard
          title={share.title}
          option={shareOption}
          isLoading={share.isLoading}
          isEmpty={shown.length === 0}
          emptyText={t('chart.noData')}
        />
      </Col>
    </Row>
  );
}
