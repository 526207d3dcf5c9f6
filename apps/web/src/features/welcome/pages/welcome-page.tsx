import { RightOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '@/components/menu-icon';
import { PageHeader } from '@/components/page-header';
import { dayjs } from '@/lib/dayjs';
import { useSessionStore, type MenuRoute } from '@/lib/session-store';

function visibleMenus(menus: MenuRoute[] | null): MenuRoute[] {
  return (menus ?? []).filter((menu) => !menu.isHidden);
}

/** /platform: greeting with the profile name and quick links to the user type's menu pages. */
export default function WelcomePage() {
  const { t } = useTranslation();
  const loginType = useSessionStore((state) => state.loginType);
  const info = useSessionStore((state) => state[state.loginType].info);
  const menus = useSessionStore((state) => state[state.loginType].menus);
  const name = info?.nickname || info?.account || '';

  return (
    <>
      <PageHeader />
      <div className="page-body">
        <section className="welcome-hero">
          <Avatar size={64} className="welcome-hero__avatar">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div className="welcome-hero__text">
            <Typography.Title level={3}>{t('welcome.greeting', { name })}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {loginType === 'admin' ? t('welcome.adminSubtitle') : t('welcome.merchantSubtitle')}
            </Typography.Paragraph>
          </div>
        </section>
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={16}>
            <Card title={t('welcome.quickLinks')} className="welcome-card">
              <Row gutter={[16, 16]}>
                {visibleMenus(menus).map((menu) => (
                  <Col key={menu.path} xs={24} sm={12} xl={8}>
                    <Link to={menu.path} className="quick-link" aria-label={t('welcome.open', { title: t(menu.titleKey) })}>
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
                  <Descriptions.Item label={t('welcome.memberSince')}>{dayjs(info.created_at).format('YYYY-MM-DD')}</Descriptions.Item>
                ) : null}
              </Descriptions>
            </Card>
          </Col>
        </Row>
      </div>
    </>
  );
}
