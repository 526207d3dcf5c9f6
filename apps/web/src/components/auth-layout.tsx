import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicConfig } from '../lib/public-config';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** The operator console is Chinese only: no switcher there. */
  isLanguageSwitchable?: boolean;
  /** Wider card for multi-step forms. */
  isWide?: boolean;
}

/**
 * Frame of the sign-in, sign-up and recovery screens: brand panel beside a form card. Plain
 * markup rather than antd Typography, which would add ~20 KB to the login page's first load.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  isLanguageSwitchable = true,
  isWide = false,
}: AuthLayoutProps) {
  const { t } = useTranslation();
  const publicConfig = usePublicConfig();
  return (
    <div className="auth-layout">
      <SkipLink />
      <aside className="auth-layout__brand">
        <Link to="/index" className="auth-layout__brand-link">
          <Logo isInverted size={32} />
        </Link>
        <div className="auth-layout__pitch">
          <h2>{t('auth.brandTitle')}</h2>
          <p>{t('auth.brandSubtitle')}</p>
          <ul>
            <li>
              <CheckCircleFilled aria-hidden /> {t('auth.brandPoints.store')}
            </li>
            <li>
              <CheckCircleFilled aria-hidden /> {t('auth.brandPoints.data')}
            </li>
            <li>
              <CheckCircleFilled aria-hidden /> {t('auth.brandPoints.global')}
            </li>
          </ul>
        </div>
        <div className="auth-layout__copyright">
          {publicConfig?.copyright || t('site.footer.copyright', { year: new Date().getFullYear() })}
        </div>
      </aside>
      <main className="auth-layout__main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className="auth-layout__topbar">
          <Link to="/index" className="auth-layout__mobile-logo">
            <Logo />
          </Link>
          {isLanguageSwitchable ? <LanguageSwitcher /> : <span />}
        </div>
        <section className={`auth-card${isWide ? ' auth-card--wide' : ''}`}>
          <h1 className="auth-card__title">{title}</h1>
          {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
          {children}
          {footer ? <div className="auth-card__footer">{footer}</div> : null}
        </section>
      </main>
    </div>
  );
}
