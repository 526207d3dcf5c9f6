import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button-link';
import { consoleEntryHref } from '@/lib/access';
import { usePublicConfig } from '@/lib/public-config';
import { getRuntimeConfig } from '@/lib/runtime-config';

/**
 * Everything below the hero (features, what comes next, steps, the pricing teaser, the message form, the
 * call to action) is its own chunk, loaded while the hero paints: the hero is the page's largest paint and
 * waits for no code it does not show (bench/README.md, console page loads).
 */
const HomeSections = lazy(() =>
  import('../components/home-sections').then((module) => ({ default: module.HomeSections })),
);

const SOURCES = ['1688', 'taobao', 'jd', 'weidian'] as const;

/** /index: what the platform is, for merchants of cross-border reverse shopping: features, a pricing teaser, sign-up and a message form. */
export default function HomePage() {
  const { t } = useTranslation();
  const register = consoleEntryHref('/register', window.location, getRuntimeConfig());
  const publicConfig = usePublicConfig();

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

      {/* Holds the page's height until the sections arrive, so the footer does not flash into view. */}
      <Suspense fallback={<div className="lazy-pending lazy-pending--page" />}>
        <HomeSections register={register} />
      </Suspense>
    </>
  );
}
