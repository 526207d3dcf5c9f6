import { DEFAULT_CURRENCY } from '@parlour/contract/constants';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dailyTrendOption } from '@/components/chart';
import { ChartCard } from '@/components/chart-card';
import { useIncomeTrend } from '@/lib/api/income-trend';
import { useMerchantRegisterTrend } from '@/lib/api/merchant-register-trend';
import { useShopCreateTrend } from '@/lib/api/shop-create-trend';
import { formatMoney } from '@/lib/money';

type Trend = { list: Array<{ date: string; count: number; amount: number }> } | undefined;

function countOption(trend: Trend, name: string) {
  const list = trend?.list ?? [];
  return dailyTrendOption({
    dates: list.map((point) => point.date),
    series: [{ name, kind: 'bar', values: list.map((point) => point.count) }],
  });
}

/** Registrations, stores created and income per day over the range the page picked. */
export function TrendCharts({ range }: { range: TDateRangeInput }) {
  const { t } = useTranslation();
  const registrations = useMerchantRegisterTrend(range);
  const stores = useShopCreateTrend(range);
  const income = useIncomeTrend(range);

  const registrationOption = useMemo(
    () => countOption(registrations.data, t('adminDashboard.chart.registered')),
    [registrations.data, t],
  );
  const storeOption = useMemo(() => countOption(stores.data, t('adminDashboard.chart.created')), [stores.data, t]);
  const incomeOption = useMemo(() => {
    const list = income.data?.list ?? [];
    const money = (value: number) => formatMoney(value, DEFAULT_CURRENCY);
    return dailyTrendOption({
      dates: list.map((point) => point.date),
      series: [
        {
          name: t('adminDashboard.chart.incomeAmount'),
          kind: 'line',
          values: list.map((point) => point.amount),
          formatValue: money,
        },
        {
          name: t('adminDashboard.chart.paidBills'),
          kind: 'bar',
          values: list.map((point) => point.count),
          yAxisIndex: 1,
        },
      ],
    });
  }, [income.data, t]);
  const viewList = (to: string) => <Link to={to}>{t('adminDashboard.chart.viewList')}</Link>;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('adminDashboard.chart.registrations')}
          extra={viewList('/admin/merchant')}
          option={registrationOption}
          isLoading={registrations.isPending}
          isEmpty={!registrations.data}
          emptyText={t('chart.noData')}
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('adminDashboard.chart.storesCreated')}
          extra={viewList('/admin/store')}
          option={storeOption}
          isLoading={stores.isPending}
          isEmpty={!stores.data}
          emptyText={t('chart.noData')}
        />
      </Col>
      <Col xs={24}>
        <ChartCard
          title={t('adminDashboard.chart.income')}
          extra={viewList('/admin/bill?tab=income')}
          option={incomeOption}
          isLoading={income.isPending}
          isEmpty={!income.data}
          emptyText={t('chart.noData')}
        />
      </Col>
    </Row>
  );
}
