import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, lastDays } from '@/components/date-range-filter';
import { useBusinessTimeZone } from '@/lib/business-time';
import { PageHeader } from '@/components/page-header';
import { DistributionCharts } from '../components/distribution-charts';
import { OverviewCards } from '../components/overview-cards';
import { TrendCharts } from '../components/trend-charts';

/** /admin/dashboard: the platform's totals, its trends over a picked range (last 30 days by default) and distributions. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const zone = useBusinessTimeZone();
  const [range, setRange] = useState<TDateRangeInput>(() => lastDays(30, zone));
  return (
    <>
      <PageHeader />
      <div className="page-body admin-page dashboard">
        <section aria-label={t('adminDashboard.figuresLabel')}>
          <OverviewCards />
        </section>
        <section aria-label={t('adminDashboard.trendsLabel')}>
          <Flex className="dashboard__section-head" justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('adminDashboard.trendsLabel')}
            </Typography.Title>
            {/* At phone width the picker goes under its label rather than squeezing it onto two lines. */}
            <Flex align="center" gap={8} wrap>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {t('adminDashboard.chart.range')}
              </Typography.Text>
              <DateRangeFilter
                value={range}
                onChange={(next) => setRange(next.start_date ? next : lastDays(30, zone))}
              />
            </Flex>
          </Flex>
          <TrendCharts range={range} />
        </section>
        <section aria-label={t('adminDashboard.distributionsLabel')}>
          <Typography.Title level={5} className="dashboard__section-head">
            {t('adminDashboard.distributionsLabel')}
          </Typography.Title>
          <DistributionCharts range={range} />
        </section>
        {/* The operations page is not in the menu (spec §2); operators reach it from here. */}
        <Flex justify="flex-end">
          <Link to="/admin/operations">
            <SafetyCertificateOutlined /> {t('operations.dashboardLink')}
          </Link>
        </Flex>
      </div>
    </>
  );
}
