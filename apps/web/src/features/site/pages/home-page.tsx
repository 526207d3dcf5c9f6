import {
  AppstoreOutlined,
  CreditCardOutlined,
  GlobalOutlined,
  PhoneOutlined,
  ShopOutlined,
  ThunderboltOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { termPrice } from '@parlour/contract/calls/store';
import { ButtonLink } from '@/components/button-link';
import { consoleEntryHref } from '@/lib/access';
import { formatMoney } from '@/lib/money';
import { usePublicConfig } from '@/lib/public-config';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { usePublicVersions } from '../api/list-public-versions';
import { ComingNext } from '../components/coming-next';

const FEATURES = [
  { key: 'store', Icon: ShopOutlined },
  { key: 'sourcing', Icon: GlobalOutlined },
  { key: 'payments', Icon: CreditCardOutlined },
  { key: 'domains', Icon: TranslationOutlined },
  { key: 'plugins', Icon: AppstoreOutlined },
  { key: 'traffic', Icon: ThunderboltOutlined },
] as const satisfies readonly { key: string; Icon: ComponentType }[];

/**
 * The message form sits at the bottom of the page: its code (antd's Form, Select with the phone
 * countries, TextArea) loads after the first paint instead of before it (bench/README.md, console page loads).
 */
const MessageForm = lazy(() =>
  import('../components/message-form').then((module) => ({ default: module.MessageForm })),
);

const SOURCES = ['1688', 'taobao', 'jd', 'weidian'] as const;
const STEPS = ['register', 'create', 'launch'] as const;

/** /index: what the platform is, for merchants of cross-border reverse shopping: features, a pricing teaser, sign-up and a message form. */
export default function HomePage() {
  const { t } = useTranslation();
  const register = consoleEntryHref('/register', window.location, getRuntimeConfig());
  const publicConfig = usePublicConfig();
  const versions = usePublicVersions();

  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <p className="hero__eyebrow">
            {publicConfig?.site_name && publicConfig.site_name !== t('app.name')
              ? `${publicConfig.site_name} · ${t('home.hero.eyebrow')}`
              : t('home.hero.eyebrow')}
          </p>
          <h1 className="hero__title">{t('home.hero.title')}</h1>
          <p className="hero__subtitle">{t('home.hero.subtitle')}</p>
          <div className="hero__actions">
            <ButtonLink type="primary" size="large" to={register.href} isExternal={register.isExternal}>
              {t('home.hero.primary')}
            </ButtonLink>
            <ButtonLink size="large" to="/pricing">
              {t('home.hero.secondary')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="sources" aria-labelledby="sources-title">
        <h2 id="sources-title" className="sources__title">
          {t('home.sources.title')}
        </h2>
        <ul className="sources__list">
          {SOURCES.map((source) => (
            <li key={source} className={`sources__item sources__item--${source}`}>
              {t(`home.sources.${source}`)}
            </li>
          ))}
        </ul>
      </section>

      <section className="site-section" aria-labelledby="features-title">
        <div className="site-section__head">
          <h2 id="features-title">{t('home.features.title')}</h2>
          <p>{t('home.features.subtitle')}</p>
        </div>
        <Row gutter={[24, 24]}>
          {FEATURES.map(({ key, Icon }) => (
            <Col key={key} xs={24} sm={12} lg={8}>
              <Card className="feature-card" variant="borderless">
                <span className="feature-card__icon">
                  <Icon aria-hidden />
                </span>
                <Typography.Title level={4}>{t(`home.features.${key}.title`)}</Typography.Title>
                <Typography.Paragraph type="secondary">{t(`home.features.${key}.description`)}</Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </section>

      <ComingNext className="site-section site-section--tinted" />

      <section className="site-section" aria-labelledby="steps-title">
        <div className="site-section__head">
          <h2 id="steps-title">{t('home.steps.title')}</h2>
        </div>
        <ol className="steps-list">
          {STEPS.map((step, index) => (
            <li key={step} className="steps-list__item">
              <span className="steps-list__number" aria-hidden>
                {index + 1}
              </span>
              <h3>{t(`home.steps.${step}.title`)}</h3>
              <p>{t(`home.steps.${step}.description`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="site-section" aria-labelledby="teaser-title">
        <div className="site-section__head">
          <h2 id="teaser-title">{t('publicSite.home.pricingTitle')}</h2>
          <p>{t('publicSite.home.pricingSubtitle')}</p>
        </div>
        {versions.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <div className="teaser-grid">
            {(versions.data?.list ?? []).map((version) => {
              const monthly = termPrice(version.prices, 'month', 1);
              return (
                <Card key={version.id} className="teaser-card" variant="borderless">
                  <Typography.Title level={4}>{version.name}</Typography.Title>
                  <p className="teaser-card__price">
                    {monthly === undefined
                      ? t('publicSite.pricing.contactUs')
                      : t('publicSite.home.from', { price: formatMoney(monthly, version.currency) })}
                  </p>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
                    {version.trial_days > 0
                      ? t('publicSite.pricing.trial', { count: version.trial_days })
                      : version.description}
                  </Typography.Paragraph>
                </Card>
              );
            })}
          </div>
        )}
        <div className="teaser-actions">
          <ButtonLink type="primary" size="large" to="/pricing">
            {t('publicSite.home.comparePlans')}
          </ButtonLink>
        </div>
      </section>

      <section className="site-section site-section--tinted" id="contact" aria-labelledby="contact-title">
        <div className="contact">
          {/* A 48px gutter is wider than the section's padding at phone width, which would scroll sideways. */}
          <Row gutter={[{ xs: 16, lg: 48 }, 24]}>
            <Col xs={24} lg={10}>
              <h2 id="contact-title" className="contact__title">
                {t('publicSite.home.contactTitle')}
              </h2>
              <p className="contact__subtitle">{t('publicSite.home.contactSubtitle')}</p>
              {publicConfig?.service_phone ? (
                <p className="contact__phone">
                  <PhoneOutlined aria-hidden /> {t('publicSite.footer.servicePhone')}{' '}
                  <a href={`tel:${publicConfig.service_phone.replace(/[^\d+]/g, '')}`}>{publicConfig.service_phone}</a>
                </p>
              ) : null}
            </Col>
            <Col xs={24} lg={14}>
              <Card variant="borderless" className="contact__card">
                <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                  <MessageForm />
                </Suspense>
              </Card>
            </Col>
          </Row>
        </div>
      </section>

      <section className="cta-band">
        <h2>{t('home.cta.title')}</h2>
        <p>{t('home.cta.subtitle')}</p>
        <ButtonLink size="large" className="cta-band__button" to={register.href} isExternal={register.isExternal}>
          {t('home.cta.button')}
        </ButtonLink>
      </section>
    </>
  );
}
