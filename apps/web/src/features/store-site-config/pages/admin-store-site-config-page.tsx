import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { StoreSwitcher } from '@/components/store-switcher';
import { StoreSiteConfigPanel } from '../components/store-site-config-panel';

/** /admin/setting/index (the system-config group): any store's basic config, edited on its merchant's behalf. */
export default function AdminStoreSiteConfigPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <div className="page-body admin-page">
        <section className="page-card" aria-label={t('storeSiteConfig.label')}>
          <StoreSwitcher variant="admin">
            {(shop) => <StoreSiteConfigPanel role="admin" shopId={shop.shop_id} />}
          </StoreSwitcher>
        </section>
      </div>
    </>
  );
}
