import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { Col, Row } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dailyTrendOption, pieOption } from '@/components/chart';
import { ChartCard } from '@/components/chart-card';
import { DateRangeFilter, lastDays } from '@/components/date-range-filter';
import { useShopCreateTrend } from '../api/shop-create-trend';
import { useShopVersionDistribution } from '../api/shop-version-distribution';

/** Above the store list: stores created per day (last 30 days unless another range is picked) and stores per version. */
export function StoreCharts() {
  const { t } = useTranslation();
  const [range, setRange] = useState<TDateRangeInput>(() => lastDays(30));
  const trend = useShopCreateTrend(range);
  const distribution = useShopVersionDistribution();

  const trendOption = useMemo(() => {
    const list = trend.data?.list ?? [];
    return dailyTrendOption({
      dates: list.map((point) => point.date),
      series: [{ name: t('adminStore.chart.created'), kind: 'bar', values: list.map((point) => point.count) }],
    });
  }, [trend.data, t]);

  const distributionItems = useMemo(
    () => (distribution.data?.list ?? []).filter((item) => item.count > 0).map((item) => ({ name: item.package_name, value: item.count })),
    [distribution.data],
  );
  const versionOption = useMemo(() => pieOption({ name: t('adminStore.chart.byVersion'), items: distributionItems }), [distributionItems, t]);

  return (
    <Row gutter={[16, 16]} className="admin-charts">
      <Col xs={24} xl={15}>
        <ChartCard
          title={t('adminStore.chart.createTrend')}
          extra={<DateRangeFilter value={range} onChange={(next) => setRange(next.start_date ? next : lastDays(30))} />}
          option={trendOption}
          isLoading={trend.isPending}
          isEmpty={!trend.data}
          emptyText={t('chart.noData')}
        />
      </Col>
      <Col xs={24} xl={9}>
        <ChartCard
          title={t('adminStore.chart.byVersion')}
          option={versionOption}
          isLoading={distribution.isPending}
          isEmpty={distributionItems.length === 0}
          emptyText={t('chart.noData')}
        />
      </Col>
    </Row>
  );
}
