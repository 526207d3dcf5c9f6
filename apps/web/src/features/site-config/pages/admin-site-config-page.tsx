import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { StoreSwitcher } from '@/components/store-switcher';
import { SiteConfigPanel } from '../components/site-config-panel';

/** /admin/setting/index (the system-config group): any store's basic config, edited on its merchant's behalf. */
export default function AdminSiteConfigPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <div className="page-body admin-page">
        <section className="page-card" aria-label={t('siteConfig.label')}>
          <StoreSwitcher variant="admin">
            {(shop) => <SiteConfigPanel role="admin" shopId={shop.shop_id} />}
          </StoreSwitcher>
        </section>
      </div>
    </>
  );
}
