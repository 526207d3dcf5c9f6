import { DEFAULT_CURRENCY } from '@parlour/contract/constants';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { Col, Row, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pieOption } from '@/components/chart';
import { ChartCard } from '@/components/chart-card';
import { useBillTypeDistribution } from '@/lib/api/bill-type-distribution';
import { useMerchantTypeDistribution } from '@/lib/api/merchant-type-distribution';
import { useShopVersionDistribution } from '@/lib/api/shop-version-distribution';
import { formatMoney } from '@/lib/money';

/** Stores per version, income per bill type (over the picked range) and merchants per type; each links to its list. */
export function DistributionCharts({ range }: { range: TDateRangeInput }) {
  const { t } = useTranslation();
  const versions = useShopVersionDistribution();
  const billTypes = useBillTypeDistribution(range);
  const merchantTypes = useMerchantTypeDistribution();

  const versionItems = useMemo(
    () =>
      (versions.data?.list ?? [])
        .filter((item) => item.count > 0)
        .map((item) => ({ name: item.package_name, value: item.count })),
    [versions.data],
  );
  const billTypeItems = useMemo(
    () =>
      (billTypes.data?.list ?? [])
        .filter((item) => item.amount > 0)
        .map((item) => ({ name: t(`billType.${item.type}`), value: item.amount })),
    [billTypes.data, t],
  );
  const merchantTypeItems = useMemo(
    () =>
      (merchantTypes.data?.list ?? [])
        .filter((item) => item.count > 0)
        .map((item) => ({ name: t(`merchantType.${item.type}`), value: item.count })),
    [merchantTypes.data, t],
  );

  const versionOption = useMemo(
    () => pieOption({ name: t('adminDashboard.chart.byVersion'), items: versionItems }),
    [versionItems, t],
  );
  const billTypeOption = useMemo(
    () =>
      pieOption({
        name: t('adminDashboard.chart.byBillType'),
        items: billTypeItems,
        formatValue: (value) => formatMoney(value, DEFAULT_CURRENCY),
      }),
    [billTypeItems, t],
  );
  const merchantTypeOption = useMemo(
    () => pieOption({ name: t('adminDashboard.chart.byMerchantType'), items: merchantTypeItems }),
    [merchantTypeItems, t],
  );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <ChartCard
          title={t('adminDashboard.chart.byVersion')}
          extra={<Link to="/admin/version">{t('adminDashboard.chart.viewList')}</Link>}
          option={versionOption}
          isLoading={versions.isPending}
          isEmpty={versionItems.length === 0}
          emptyText={t('chart.noData')}
        />
      </Col>
      <Col xs={24} lg={8}>
        <ChartCard
          title={t('adminDashboard.chart.byBillType')}
          extra={<Link to="/admin/bill?tab=income">{t('adminDashboard.chart.viewList')}</Link>}
          option={billTypeOption}
          isLoading={billTypes.isPending}
          isEmpty={billTypeItems.length === 0}
          emptyText={t('chart.noData')}
        />
      </Col>
      <Col xs={24} lg={8}>
        <ChartCard
          title={t('adminDashboard.chart.byMerchantType')}
          extra={
            <Space size={12}>
              {(merchantTypes.data?.list ?? []).map((item) => (
                <Link key={item.type} to={`/admin/merchant?type=${item.type}`}>
                  {`${t(`merchantType.${item.type}`)} ${item.count}`}
                </Link>
              ))}
            </Space>
          }
          option={merchantTypeOption}
          isLoading={merchantTypes.isPending}
          isEmpty={merchantTypeItems.length === 0}
          emptyText={t('chart.noData')}
        />
      </Col>
    </Row>
  );
}
