import { RightOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Col, Descriptions, Row, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '@/components/menu-icon';
import { PageHeader } from '@/components/page-header';
import { dayjs } from '@/lib/dayjs';
import { useSessionStore, type MenuRoute } from '@/lib/session-store';
import { useMerchantSummary } from '../api/merchant-summary';
import { FirstStoreCard } from '../components/first-store-card';
import { MerchantSummaryCards } from '../components/merchant-summary-cards';

function visibleMenus(menus: MenuRoute[] | null): MenuRoute[] {
  return (menus ?? []).filter((menu) => !menu.isHidden);
}

/** The merchant's part of the page: their first store to create, or a summary of what they have. */
function MerchantStart() {
  const { t } = useTranslation();
  const summary = useMerchantSummary(true);
  if (summary.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('welcome.summary.loadFailed')}
        action={
          <Button size="small" onClick={summary.refetch}>
            {t('welcome.summary.retry')}
          </Button>
        }
        style={{ marginBottom: 24 }}
      />
    );
  }
  if (summary.counts === null) return <Skeleton active paragraph={{ rows: 3 }} className="welcome-skeleton" />;
  if (summary.counts.all === 0) return <FirstStoreCard />;
  return <MerchantSummaryCards counts={summary.counts} unpaidBills={summary.unpaidBills} balance={summary.balance} />;
}

/**
 * /platform: greeting with the profile name; for a merchant, the way to their first store or a
 * summary of their stores, bills and traffic; quick links to the user type's menu pages.
 */
export default function WelcomePage() {
  const { t } = useTranslation();
  const loginType = useSessionStore((state) => state.loginType);
  const info = useSessionStore((state) => state[state.loginType].info);
  const menus = useSessionStore((state) => state[state.loginType].menus);
  const name = info?.nickname || info?.account || '';
  // A merchant's first session (right after registering) is greeted as new, later ones welcomed back.
  const isNewcomer =
    loginType === 'merchant' && info !== null && 'is_first_sign_in' in info && info.is_first_sign_in === true;
  const subtitle =
    loginType === 'admin'
      ? t('welcome.adminSubtitle')
      : isNewcomer
        ? t('welcome.firstSubtitle')
        : t('welcome.merchantSubtitle');

  return (
    <>
      <PageHeader />
      <div className="page-body">
        <section className="welcome-hero">
          <Avatar size={64} className="welcome-hero__avatar">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div className="welcome-hero__text">
            <Typography.Title level={3}>
              {isNewcomer ? t('welcome.greetingFirst', { name }) : t('welcome.greeting', { name })}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>
          </div>
        </section>
        {loginType === 'merchant' ? (
          <section className="welcome-start" aria-label={t('welcome.summary.label')}>
            <MerchantStart />
          </section>
        ) : null}
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={16}>
            <Card title={t('welcome.quickLinks')} className="welcome-card">
              <Row gutter={[16, 16]}>
                {visibleMenus(menus).map((menu) => (
                  <Col key={menu.path} xs={24} sm={12} xl={8}>
                    <Link
                      to={menu.path}
                      className="quick-link"
                      aria-label={t('welcome.open', { title: t(menu.titleKey) })}
                    >
                      <span className="quick-link__icon">
                        <MenuIcon name={menu.icon} />
                      </span>
                      <span className="quick-link__title">{t(menu.titleKey)}</span>
                      <RightOutlined className="quick-link__arrow" aria-hidden />
                    </Link>
                  </Col>
                ))}
              </Row>
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card className="welcome-card">
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('welcome.account')}>{info?.account}</Descriptions.Item>
                <Descriptions.Item label={t('welcome.role')}>
                  <Tag color={loginType === 'admin' ? 'purple' : 'orange'}>{t(`loginType.${loginType}`)}</Tag>
                </Descriptions.Item>
                {info?.created_at ? (
                  <Descriptions.Item label={t('welcome.memberSince')}>
                    {dayjs(info.created_at).format('YYYY-MM-DD')}
                  </Descriptions.Item>
                ) : null}
              </Descriptions>
            </Card>
          </Col>
        </Row>
      </div>
    </>
  );
}
