import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { StoreSwitcher } from '@/components/store-switcher';
import { StoreSiteConfigPanel } from '../components/store-site-config-panel';

/** /merchant/setting/index: the basic config of one of the merchant's stores, picked by the store switcher. */
export default function MerchantStoreSiteConfigPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <div className="page-body">
        <section className="page-card" aria-label={t('storeSiteConfig.label')}>
          <StoreSwitcher variant="merchant">
            {(shop) => <StoreSiteConfigPanel role="merchant" shopId={shop.shop_id} />}
          </StoreSwitcher>
        </section>
      </div>
    </>
  );
}
