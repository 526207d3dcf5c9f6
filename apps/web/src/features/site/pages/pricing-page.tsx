import { CheckOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button-link';
import { consoleEntryHref } from '@/lib/access';
import { getRuntimeConfig } from '@/lib/runtime-config';

const INCLUDED = ['domain', 'sources', 'payments', 'console'] as const;

/** /pricing: store versions and prices appear once the operator publishes them; until then, what every store includes. */
export default function PricingPage() {
  const { t } = useTranslation();
  const register = consoleEntryHref('/register', window.location, getRuntimeConfig());

  return (
    <>
      <section className="hero hero--compact">
        <div className="hero__inner">
          <h1 className="hero__title">{t('pricing.title')}</h1>
          <p className="hero__subtitle">{t('pricing.subtitle')}</p>
        </div>
      </section>
      <section className="site-section">
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={14}>
            <Card className="pricing-card pricing-card--pending" variant="borderless">
              <span className="feature-card__icon">
                <ClockCircleOutlined aria-hidden />
              </span>
              <Typography.Title level={3}>{t('pricing.pending.title')}</Typography.Title>
              <Typography.Paragraph type="secondary">{t('pricing.pending.description')}</Typography.Paragraph>
              <Typography.Title level={5}>{t('pricing.terms.title')}</Typography.Title>
              <Typography.Paragraph type="secondary">{t('pricing.terms.description')}</Typography.Paragraph>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card className="pricing-card" variant="borderless">
              <Typography.Title level={4}>{t('pricing.includes.title')}</Typography.Title>
              <ul className="check-list">
                {INCLUDED.map((item) => (
                  <li key={item}>
                    <CheckOutlined aria-hidden /> {t(`pricing.includes.${item}`)}
                  </li>
                ))}
              </ul>
            </Card>
          </Col>
        </Row>
      </section>
      <section className="cta-band">
        <h2>{t('pricing.cta.title')}</h2>
        <p>{t('pricing.cta.description')}</p>
        <ButtonLink size="large" className="cta-band__button" to={register.href} isExternal={register.isExternal}>
          {t('pricing.cta.button')}
        </ButtonLink>
      </section>
    </>
  );
}
