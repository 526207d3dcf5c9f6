import { CheckOutlined } from '@ant-design/icons';
import type { TermType } from '@parlour/contract/constants';
import { Button, Card, Empty, Result, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleEntryHref } from '@/lib/access';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { usePublicVersions } from '../api/list-public-versions';
import { ComingNext } from '../components/coming-next';
import { CtaBand } from '../components/cta-band';
import { VersionCard } from '../components/version-card';

const INCLUDED = ['domain', 'sources', 'payments', 'console'] as const;

/** /pricing: every enabled store version with its features, trial and price per term (monthly or yearly), leading to sign-up. */
export default function PricingPage() {
  const { t } = useTranslation();
  const register = consoleEntryHref('/register', window.location, getRuntimeConfig());
  const versions = usePublicVersions();
  const [termType, setTermType] = useState<TermType>('month');
  const list = versions.data?.list ?? [];
  // The middle version of three (or the second of two) is the one most merchants pick.
  const featuredIndex = list.length >= 2 ? Math.floor((list.length - 1) / 2) + (list.length % 2 === 0 ? 1 : 0) : -1;

  return (
    <>
      <section className="hero hero--compact">
        <div className="hero__inner">
          <h1 className="hero__title">{t('pricing.title')}</h1>
          <p className="hero__subtitle">{t('pricing.subtitle')}</p>
          <Segmented<TermType>
            className="pricing-switch"
            size="large"
            value={termType}
            onChange={setTermType}
            options={[
              { value: 'month', label: t('publicSite.pricing.monthly') },
              { value: 'year', label: t('publicSite.pricing.yearly') },
            ]}
            aria-label={t('publicSite.pricing.termSwitch')}
          />
        </div>
      </section>
      <section className="site-section" aria-label={t('publicSite.pricing.versionsLabel')}>
        {versions.isPending ? (
          <div className="version-grid">
            {[0, 1, 2].map((key) => (
              <Card key={key} variant="borderless">
                <Skeleton active paragraph={{ rows: 6 }} />
              </Card>
            ))}
          </div>
        ) : versions.isError ? (
          <Result
            status="warning"
            title={t('publicSite.pricing.loadFailed')}
            extra={<Button onClick={() => void versions.refetch()}>{t('publicSite.retry')}</Button>}
          />
        ) : list.length === 0 ? (
          <Empty description={t('pricing.pending.description')} />
        ) : (
          <div className="version-grid">
            {list.map((version, index) => (
              <VersionCard
                key={version.id}
                version={version}
                termType={termType}
                isFeatured={index === featuredIndex}
                register={register}
              />
            ))}
          </div>
        )}
        <Typography.Paragraph type="secondary" className="pricing-note">
          {t('pricing.terms.description')}
        </Typography.Paragraph>
      </section>
      <section className="site-section site-section--tinted">
        <div className="site-section__head">
          <h2>{t('pricing.includes.title')}</h2>
        </div>
        <ul className="check-list check-list--grid">
          {INCLUDED.map((item) => (
            <li key={item}>
              <CheckOutlined aria-hidden /> {t(`pricing.includes.${item}`)}
            </li>
          ))}
        </ul>
      </section>
      <ComingNext />
      <CtaBand
        title={t('pricing.cta.title')}
        text={t('pricing.cta.description')}
        button={t('pricing.cta.button')}
        register={register}
      />
    </>
  );
}
