import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { ButtonLink } from '../../components/button-link';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Logo } from '../../components/logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { consoleEntryHref } from '../../lib/access';
import { usePublicConfig } from '../../lib/public-config';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { useSessionStore } from '../../lib/session-store';

/** The public site: header (logo, home and pricing, language, login and sign-up), the page, footer. */
export function SiteLayout() {
  const { t } = useTranslation();
  const hasSession = useSessionStore((state) => Boolean(state[state.loginType].token));
  const config = getRuntimeConfig();
  const login = consoleEntryHref('/login', window.location, config);
  const register = consoleEntryHref('/register', window.location, config);
  const platform = consoleEntryHref('/platform', window.location, config);
  const year = new Date().getFullYear();
  const publicConfig = usePublicConfig();

  return (
    <Layout className="site-layout">
      <SkipLink />
      <header className="site-header">
        <div className="site-header__inner">
          <Link to="/index" className="site-header__brand">
            <Logo />
          </Link>
          <nav className="site-header__nav" aria-label={t('site.nav.label')}>
            <NavLink to="/index">{t('site.nav.home')}</NavLink>
            <NavLink to="/pricing">{t('site.nav.pricing')}</NavLink>
          </nav>
          <div className="site-header__actions">
            <LanguageSwitcher />
            {hasSession ? (
              <ButtonLink type="primary" to={platform.href} isExternal={platform.isExternal}>
                {t('site.nav.console')}
              </ButtonLink>
            ) : (
              <>
                <ButtonLink type="text" className="site-header__login" to={login.href} isExternal={login.isExternal}>
                  {t('site.nav.login')}
                </ButtonLink>
                <ButtonLink type="primary" to={register.href} isExternal={register.isExternal}>
                  {t('site.nav.register')}
                </ButtonLink>
              </>
            )}
          </div>
        </div>
      </header>
      <main className="site-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <div className="site-footer__about">
            <Logo isInverted />
            <p>{publicConfig?.description || t('site.footer.about')}</p>
          </div>
          <nav className="site-footer__links" aria-label={t('site.footer.product')}>
            <h3>{t('site.footer.product')}</h3>
            <Link to="/index">{t('site.nav.home')}</Link>
            <Link to="/pricing">{t('site.nav.pricing')}</Link>
          </nav>
          <nav className="site-footer__links" aria-label={t('site.footer.account')}>
            <h3>{t('site.footer.account')}</h3>
            <a href={login.href}>{t('site.nav.login')}</a>
            <a href={register.href}>{t('route.register')}</a>
          </nav>
          {publicConfig?.service_phone ? (
            <div className="site-footer__links">
              <h3>{t('publicSite.footer.contact')}</h3>
              <span>{t('publicSite.footer.servicePhone')}</span>
              <a href={`tel:${publicConfig.service_phone.replace(/[^\d+]/g, '')}`}>{publicConfig.service_phone}</a>
            </div>
          ) : null}
        </div>
        <div className="site-footer__copyright">
          <span>{publicConfig?.copyright || t('site.footer.copyright', { year })}</span>
          {publicConfig?.record_number ? (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
              {publicConfig.record_number}
            </a>
          ) : null}
        </div>
      </footer>
    </Layout>
  );
}
