import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { Col, Row } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dailyTrendOption, pieOption } from '@/components/chart';
import { ChartCard } from '@/components/chart-card';
import { DateRangeFilter, lastDays } from '@/components/date-range-filter';
import { useMerchantRegisterTrend } from '../api/merchant-register-trend';
import { useMerchantTypeDistribution } from '../api/merchant-type-distribution';

/** Above the merchant list: registrations per day (last 30 days unless another range is picked) and merchants per type. */
export function MerchantCharts() {
  const { t } = useTranslation();
  const [range, setRange] = useState<TDateRangeInput>(() => lastDays(30));
  const trend = useMerchantRegisterTrend(range);
  const distribution = useMerchantTypeDistribution();

  const trendOption = useMemo(() => {
    const list = trend.data?.list ?? [];
    return dailyTrendOption({
      dates: list.map((point) => point.date),
      series: [{ name: t('adminMerchant.chart.registered'), kind: 'bar', values: list.map((point) => point.count) }],
    });
  }, [trend.data, t]);

  const typeItems = useMemo(
    () => (distribution.data?.list ?? []).filter((item) => item.count > 0).map((item) => ({ name: t(`merchantType.${item.type}`), value: item.count })),
    [distribution.data, t],
  );
  const typeOption = useMemo(() => pieOption({ name: t('adminMerchant.chart.byType'), items: typeItems }), [typeItems, t]);

  return (
    <Row gutter={[16, 16]} className="admin-charts">
      <Col xs={24} xl={15}>
        <ChartCard
          title={t('adminMerchant.chart.registerTrend')}
          extra={<DateRangeFilter value={range} onChange={(next) => setRange(next.start_date ? next : lastDays(30))} />}
          option={trendOption}
          isLoading={trend.isPending}
          isEmpty={!trend.data}
          emptyText={t('chart.noData')}
        />
      </Col>
      <Col xs={24} xl={9}>
        <ChartCard
          title={t('adminMerchant.chart.byType')}
          option={typeOption}
          isLoading={distribution.isPending}
          isEmpty={typeItems.length === 0}
          emptyText={t('chart.noData')}
        />
      </Col>
    </Row>
  );
}
