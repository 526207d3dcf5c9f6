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
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { termPrice } from '@parlour/contract/calls/store';
import { ButtonLink } from '@/components/button-link';
import type { consoleEntryHref } from '@/lib/access';
import { formatMoney } from '@/lib/money';
import { usePublicConfig } from '@/lib/public-config';
import { usePublicVersions } from '../api/list-public-versions';
import { ComingNext } from './coming-next';
import { CtaBand } from './cta-band';
import { MessageForm } from './message-form';

const FEATURES = [
  { key: 'store', Icon: ShopOutlined },
  { key: 'sourcing', Icon: GlobalOutlined },
  { key: 'payments', Icon: CreditCardOutlined },
  { key: 'domains', Icon: TranslationOutlined },
  { key: 'plugins', Icon: AppstoreOutlined },
  { key: 'traffic', Icon: ThunderboltOutlined },
] as const satisfies readonly { key: string; Icon: ComponentType }[];

const STEPS = ['register', 'create', 'launch'] as const;

/** /index below the hero: loaded after the hero's first paint (pages/home-page.tsx). */
export function HomeSections({ register }: { register: ReturnType<typeof consoleEntryHref> }) {
  const { t } = useTranslation();
  const publicConfig = usePublicConfig();
  const versions = usePublicVersions();

  return (
    <>
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
                <MessageForm />
              </Card>
            </Col>
          </Row>
        </div>
      </section>

      <CtaBand
        title={t('home.cta.title')}
        text={t('home.cta.subtitle')}
        button={t('home.cta.button')}
        register={register}
      />
    </>
  );
}
