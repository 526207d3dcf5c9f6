import type { TStoreSiteConfigFields } from '@parlour/contract/calls/store-site-config';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { storeAddress } from '@/lib/store-address';

/** Where an ICP record number links (the MIIT record site). */
const RECORD_SITE = 'https://beian.miit.gov.cn/';

/**
 * How the store's front page shows its basic config (the API serves it at the store's hosts, modules/storefront/storefront):
 * the browser tab (icon and name), the header (logo and name) and the footer (copyright, record
 * number, service phone), following the form as it is typed.
 */
export function StoreSiteConfigPreview({
  values,
  domain,
}: {
  values: Partial<TStoreSiteConfigFields>;
  domain: string | null;
}) {
  const { t } = useTranslation();
  const siteName = values.site_name?.trim() || t('storeSiteConfig.preview.untitled');
  const footerParts = [
    values.copyright?.trim(),
    values.service_phone?.trim()
      ? t('storeSiteConfig.preview.phone', { phone: values.service_phone.trim() })
      : undefined,
  ].filter(Boolean);
  return (
    <section className="site-preview" aria-label={t('storeSiteConfig.preview.label')} data-testid="site-preview">
      <Typography.Text type="secondary" className="site-preview__caption">
        {t('storeSiteConfig.preview.label')}
      </Typography.Text>
      <div className="site-preview__window">
        <div className="site-preview__tab">
          {values.ico ? (
            <img src={values.ico} alt="" className="site-preview__ico" />
          ) : (
            <span className="site-preview__ico site-preview__ico--empty" />
          )}
          <span className="site-preview__tab-title">{siteName}</span>
        </div>
        <div className="site-preview__address">{domain ? storeAddress(domain) : t('storeSiteConfig.noDomain')}</div>
        <header className="site-preview__header">
          {values.logo ? (
            <img src={values.logo} alt={t('storeSiteConfig.fields.logo')} className="site-preview__logo" />
          ) : (
            <span className="site-preview__logo site-preview__logo--empty">{siteName.slice(0, 1)}</span>
          )}
          <strong className="site-preview__name">{siteName}</strong>
          <nav className="site-preview__nav" aria-hidden="true">
            <span>{t('storeSiteConfig.preview.home')}</span>
            <span>{t('storeSiteConfig.preview.products')}</span>
            <span>{t('storeSiteConfig.preview.cart')}</span>
          </nav>
        </header>
        <div className="site-preview__body">
          {values.description?.trim() ? (
            <p>{values.description.trim()}</p>
          ) : (
            <p className="site-preview__placeholder">{t('storeSiteConfig.preview.noDescription')}</p>
          )}
          {values.keywords?.trim() ? (
            <p className="site-preview__keywords">
              {t('storeSiteConfig.preview.keywords', { keywords: values.keywords.trim() })}
            </p>
          ) : null}
        </div>
        <footer className="site-preview__footer">
          {footerParts.length ? <span>{footerParts.join(' · ')}</span> : null}
          {values.record_number?.trim() ? (
            <a href={RECORD_SITE} target="_blank" rel="noreferrer noopener">
              {values.record_number.trim()}
            </a>
          ) : null}
        </footer>
      </div>
    </section>
  );
}
