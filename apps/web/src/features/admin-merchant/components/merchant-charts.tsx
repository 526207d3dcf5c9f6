import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendAndShareCharts, useTrendRange } from '@/components/trend-and-share-charts';
import { useMerchantRegisterTrend } from '@/lib/api/merchant-register-trend';
import { useMerchantTypeDistribution } from '@/lib/api/merchant-type-distribution';

/** Above the merchant list: registrations per day (last 30 days unless another range is picked) and merchants per type. */
export function MerchantCharts() {
  const { t } = useTranslation();
  const [range, setRange] = useTrendRange();
  const trend = useMerchantRegisterTrend(range);
  const distribution = useMerchantTypeDistribution();
  const items = useMemo(
    () => (distribution.data?.list ?? []).map((item) => ({ name: t(`merchantType.${item.type}`), value: item.count })),
    [distribution.data, t],
  );

  return (
    <TrendAndShareCharts
      range={range}
      onRangeChange={setRange}
      trend={{
        title: t('adminMerchant.chart.registerTrend'),
        seriesName: t('adminMerchant.chart.registered'),
        points: trend.data?.list,
        isLoading: trend.isPending,
      }}
      share={{ title: t('adminMerchant.chart.byType'), items, isLoading: distribution.isPending }}
    />
  );
}
