import type { TShop } from '@parlour/contract/calls/store';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/button-link';
import { PageHeader } from '@/components/page-header';
import { SHOP_PARAM, StoreSwitcher } from '@/components/store-switcher';
import { StoreStatusTag } from '@/components/store-status-tag';
import { UrlTabs } from '@/components/url-tabs';
import { feedback } from '@/lib/feedback';
import { useSearchParamOnce } from '@/lib/use-search-param-once';
import { MarketTab } from '../components/market-tab';
import { MyPluginsTab } from '../components/my-plugins-tab';
import { renewPath } from '../components/plugin-state';

/** Whether plugins can be added to the store now (spec: a store on trial or operating). */
export const isRunning = (shop: Pick<TShop, 'status'>) => shop.status === 'trial' || shop.status === 'operating';

/** The chosen store's version and status, a warning when it cannot take plugins now, and the two tabs. */
function StorePlugins({ shop }: { shop: TShop }) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const isShopRunning = isRunning(shop);
  const openMarket = () => setSearchParams({ tab: 'market', [SHOP_PARAM]: shop.shop_id });
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text type="secondary">{t('plugin.shop.version', { name: shop.package_name })}</Typography.Text>
        <StoreStatusTag status={shop.status} />
      </Flex>
      {isShopRunning ? null : (
        <Alert
          type="warning"
          showIcon
          title={t('plugin.shop.notRunning', { status: t(`storeStatus.${shop.status}`) })}
          action={
            shop.status === 'pending_renewal' || shop.status === 'disabled' ? (
              <ButtonLink size="small" to={renewPath(shop.shop_id)}>
                {t('plugin.shop.renew')}
              </ButtonLink>
            ) : null
          }
        />
      )}
      <UrlTabs
        keepParams={[SHOP_PARAM]}
        items={[
          { key: 'mine', label: t('plugin.tab.mine'), children: <MyPluginsTab shop={shop} onBrowse={openMarket} /> },
          {
            key: 'market',
            label: t('plugin.tab.market'),
            children: <MarketTab shop={shop} isShopRunning={isShopRunning} />,
          },
        ]}
      />
    </Flex>
  );
}

/**
 * /merchant/plugin?shop_id=…&tab=mine|market: the plugins of the chosen store (spec §2: tabs for my
 * plugins and market, a shop switcher, filters). `?paid=<bill_no>` (the cashier's way back) says the
 * payment went through.
 */
export default function PluginPage() {
  const { t } = useTranslation();
  useSearchParamOnce('paid', (billNo) => feedback.success(t('plugin.paidMessage', { billNo })));

  return (
    <>
      <PageHeader />
      <div className="page-body">
        <section className="page-card">
          <StoreSwitcher variant="merchant">{(shop) => <StorePlugins shop={shop} />}</StoreSwitcher>
        </section>
      </div>
    </>
  );
}
