import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { TShopTabCounts } from '@parlour/contract/calls/store';
import type { TMerchantTrafficDashboard } from '@parlour/contract/calls/traffic-report';
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A traffic package this close to its expiry is worth a word on the welcome page. */
const EXPIRY_WARNING_DAYS = 7;

interface MerchantSummaryCardsProps {
  counts: TShopTabCounts;
  unpaidBills: number | null;
  balance: TMerchantTrafficDashboard['balance'] | null;
}

interface Attention {
  key: string;
  text: string;
  to: string;
}

/** A returning merchant: stores by status, unpaid bills, traffic units left, and what needs attention. */
export function MerchantSummaryCards({ counts, unpaidBills, balance }: MerchantSummaryCardsProps) {
  const { t } = useTranslation();
  const attention: Attention[] = [];
  if (counts.pending_renewal > 0)
    attention.push({
      key: 'renew',
      text: t('welcome.summary.attention.pendingRenewal', { count: counts.pending_renewal }),
      to: '/merchant/store?tab=pending_renewal',
    });
  if (unpaidBills)
    attention.push({
      key: 'bills',
      text: t('welcome.summary.attention.unpaidBills', { count: unpaidBills }),
      to: '/merchant/bill?status=unpaid',
    });
  if (counts.disabled > 0)
    attention.push({
      key: 'disabled',
      text: t('welcome.summary.attention.disabled', { count: counts.disabled }),
      to: '/merchant/store?tab=disabled',
    });
  if (balance && balance.active_packages === 0)
    attention.push({ key: 'traffic', text: t('welcome.summary.attention.noTraffic'), to: '/merchant/traffic' });
  else if (
    balance?.days_to_first_expiry !== null &&
    balance?.days_to_first_expiry !== undefined &&
    balance.days_to_first_expiry <= EXPIRY_WARNING_DAYS
  ) {
    attention.push({
      key: 'expiry',
      text: t('welcome.summary.attention.trafficExpiring', { count: balance.days_to_first_expiry }),
      to: '/merchant/traffic',
    });
  }

  return (
    <Row gutter={[16, 16]} className="welcome-summary">
      <Col xs={24} sm={12} xl={8}>
        <Card className="welcome-card">
          <Statistic title={<Link to="/merchant/store">{t('welcome.summary.stores')}</Link>} value={counts.all} />
          <div className="welcome-summary__tags">
            <Tag color="green">{`${t('store.tabs.operating')} ${counts.operating}`}</Tag>
            <Tag
              color={counts.pending_renewal > 0 ? 'orange' : undefined}
            >{`${t('store.tabs.pending_renewal')} ${counts.pending_renewal}`}</Tag>
            <Tag
              color={counts.disabled > 0 ? 'red' : undefined}
            >{`${t('store.tabs.disabled')} ${counts.disabled}`}</Tag>
          </div>
        </Card>
      </Col>
      <Col xs={12} sm={6} xl={4}>
        <Card className="welcome-card">
          <Statistic
            title={<Link to="/merchant/bill?status=unpaid">{t('welcome.summary.unpaidBills')}</Link>}
            value={unpaidBills ?? '—'}
          />
        </Card>
      </Col>
      <Col xs={12} sm={6} xl={4}>
        <Card className="welcome-card">
          <Statistic
            title={<Link to="/merchant/traffic">{t('welcome.summary.unitsLeft')}</Link>}
            value={balance ? balance.units_left : '—'}
          />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card className="welcome-card" title={t('welcome.summary.attentionTitle')} size="small">
          {attention.length > 0 ? (
            <ul className="welcome-summary__attention">
              {attention.map((item) => (
                <li key={item.key}>
                  <ExclamationCircleOutlined className="welcome-summary__warn" aria-hidden />{' '}
                  <Link to={item.to}>{item.text}</Link>
                </li>
              ))}
            </ul>
          ) : (
            <Typography.Text type="secondary">
              <CheckCircleOutlined className="welcome-summary__ok" aria-hidden /> {t('welcome.summary.allGood')}
            </Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}
