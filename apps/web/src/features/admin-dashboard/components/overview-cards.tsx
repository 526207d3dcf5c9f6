import { zoneDay } from '@parlour/contract/business-time';
import type { TOverview } from '@parlour/contract/calls/dashboard';
import { STORE_STATUSES, type StoreStatus } from '@parlour/contract/constants';
import { Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBusinessTimeZone } from '@/lib/business-time';
import { formatMoney } from '@/lib/money';
import { useOverview } from '../api/overview';

/**
 * Where each store status is listed: the statuses with a tab of their own open that tab, the
 * others filter the "all" tab by status.
 */
export const STORE_STATUS_LINKS: Record<StoreStatus, string> = {
  unpaid: '/admin/store?status=unpaid',
  initializing: '/admin/store?status=initializing',
  trial: '/admin/store?status=trial',
  operating: '/admin/store?status=operating',
  pending_renewal: '/admin/store?tab=pending_renewal',
  disabled: '/admin/store?tab=disabled',
  cancelled: '/admin/store?status=cancelled',
};

/** Income of this month (in the business time zone, as the API counts it) in the bill page's income tab. */
export function thisMonthIncomeLink(zone: string, now = new Date()) {
  const today = zoneDay(now, zone);
  return `/admin/bill?tab=income&start_date=${today.slice(0, 8)}01&end_date=${today}`;
}

function FigureCard({
  title,
  to,
  children,
  footer,
}: {
  title: string;
  to: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      className="dashboard-figure"
      title={title}
      extra={
        <Link to={to} aria-label={`${title}: ${t('adminDashboard.stat.viewList')}`}>
          {t('adminDashboard.stat.viewList')}
        </Link>
      }
      styles={{ body: { paddingTop: 12 } }}
    >
      {children}
      {footer ? <div className="dashboard-figure__footer">{footer}</div> : null}
    </Card>
  );
}

function StoreBreakdown({ stores }: { stores: TOverview['stores'] }) {
  const { t } = useTranslation();
  return (
    <ul className="dashboard-breakdown">
      {STORE_STATUSES.map((status) => (
        <li key={status}>
          <Link to={STORE_STATUS_LINKS[status]}>
            <span>{t(`storeStatus.${status}`)}</span>
            <strong>{stores[status]}</strong>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard's totals; every figure links to the list it counts, filtered the same way. */
export function OverviewCards() {
  const { t } = useTranslation();
  const zone = useBusinessTimeZone();
  const overview = useOverview();
  const data = overview.data;
  if (!data) {
    return (
      <Row gutter={[16, 16]}>
        {[0, 1, 2, 3].map((index) => (
          <Col key={index} xs={24} sm={12} xl={6}>
            <Card>
              <Skeleton active paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  return (
    <Row gutter={[16, 16]} className="dashboard-figures">
      <Col xs={24} sm={12} xl={6}>
        <FigureCard
          title={t('adminDashboard.stat.merchants')}
          to="/admin/merchant"
          footer={
            <Typography.Text type="secondary">
              {t('adminDashboard.stat.newThisMonth', { count: data.merchants.new_this_month })}
            </Typography.Text>
          }
        >
          <Statistic value={data.merchants.total} />
        </FigureCard>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <FigureCard
          title={t('adminDashboard.stat.income')}
          to={thisMonthIncomeLink(zone)}
          footer={
            <Typography.Text type="secondary">
              {t('adminDashboard.stat.incomeCount', { count: data.income_this_month.count })}
            </Typography.Text>
          }
        >
          <Statistic value={formatMoney(data.income_this_month.amount, data.income_this_month.currency)} />
        </FigureCard>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <FigureCard
          title={t('adminDashboard.stat.unpaidBills')}
          to="/admin/bill?status=unpaid"
          footer={
            <Typography.Text type="secondary">
              {t('adminDashboard.stat.unpaidAmount', {
                amount: formatMoney(data.unpaid_bills.amount, data.unpaid_bills.currency),
              })}
            </Typography.Text>
          }
        >
          <Statistic value={data.unpaid_bills.count} />
        </FigureCard>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <FigureCard title={t('adminDashboard.stat.stores')} to="/admin/store">
          <Flex vertical gap={4}>
            <Statistic value={data.stores.total} />
            <StoreBreakdown stores={data.stores} />
          </Flex>
        </FigureCard>
      </Col>
    </Row>
  );
}
