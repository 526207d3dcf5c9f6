import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { SHOP_PARAM, StoreSwitcher } from '@/components/store-switcher';
import { UrlTabs } from '@/components/url-tabs';
import { StorePicksPanel } from '@/features/store-picks/components/store-picks-panel';
import { StorePricingPanel } from '@/features/store-pricing/components/store-pricing-panel';
import { StoreSiteConfigPanel } from '@/features/store-site-config/components/store-site-config-panel';

/**
 * /merchant/setting/index?shop_id=…&tab=pricing: one of the merchant's stores, picked by the store
 * switcher, in tabs — its basic config (the first, no `tab`), its pricing and its picks (items pinned
 * for its home page). Composed here, in app/, because the tabs are separate features.
 */
export default function MerchantStoreSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <div className="page-body">
        <section className="page-card" aria-label={t('route.merchant.settingIndex')}>
          <StoreSwitcher variant="merchant">
            {(shop) => (
              <UrlTabs
                keepParams={[SHOP_PARAM]}
                items={[
                  {
                    key: 'basic',
                    label: t('storeSiteConfig.tab'),
                    children: <StoreSiteConfigPanel role="merchant" shopId={shop.shop_id} />,
                  },
                  {
                    key: 'pricing',
                    label: t('storePricing.tab'),
                    children: <StorePricingPanel shopId={shop.shop_id} />,
                  },
                  {
                    key: 'picks',
                    label: t('storePicks.tab'),
                    children: <StorePicksPanel shopId={shop.shop_id} />,
                  },
                ]}
              />
            )}
          </StoreSwitcher>
        </section>
      </div>
    </>
  );
}
