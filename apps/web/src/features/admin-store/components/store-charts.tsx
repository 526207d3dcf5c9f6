import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TrendAndShareCharts, useTrendRange } from '@/components/trend-and-share-charts';
import { useShopCreateTrend } from '@/lib/api/shop-create-trend';
import { useShopVersionDistribution } from '@/lib/api/shop-version-distribution';

/** Above the store list: stores created per day (last 30 days unless another range is picked) and stores per version. */
export function StoreCharts() {
  const { t } = useTranslation();
  const [range, setRange] = useTrendRange();
  const trend = useShopCreateTrend(range);
  const distribution = useShopVersionDistribution();
  const items = useMemo(
    () => (distribution.data?.list ?? []).map((item) => ({ name: item.package_name, value: item.count })),
    [distribution.data],
  );

  return (
    <TrendAndShareCharts
      range={range}
      onRangeChange={setRange}
      trend={{
        title: t('adminStore.chart.createTrend'),
        seriesName: t('adminStore.chart.created'),
        points: trend.data?.list,
        isLoading: trend.isPending,
      }}
      share={{ title: t('adminStore.chart.byVersion'), items, isLoading: distribution.isPending }}
    />
  );
}
