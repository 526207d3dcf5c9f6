import type { TAdminShop, TShop } from '@parlour/contract/calls/store';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Select, Skeleton, Typography } from 'antd';
import { Fragment, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from './button-link';
import {
  adminSwitcherShopQueryOptions,
  adminSwitcherShopsQueryOptions,
  merchantSwitcherShopQueryOptions,
  merchantSwitcherShopsQueryOptions,
} from '@/lib/api/switcher-shops';
import { useDebounced } from '@/lib/use-debounced';

/**
 * The store switcher: the store a per-store page (basic config, domains, a store's plugins) acts on.
 *
 * ```tsx
 * <StoreSwitcher variant="merchant">{(shop) => <StoreSiteConfigForm shopId={shop.shop_id} />}</StoreSwitcher>
 * ```
 *
 * - The chosen store is the URL's `?shop_id=<store ID>` (SHOP_PARAM), so a page is linkable: a store
 *   row links to `storePageLink('/merchant/setting/index', shop.shop_id)`. Without it the first
 *   store (newest) is chosen, and the URL is completed in place (no extra history entry); choosing
 *   another store pushes a history entry, so back returns to the previous store.
 * - `variant="merchant"` offers the signed-in merchant's stores (their store list call);
 *   `variant="admin"` finds any store of the platform by name or store ID (the operator's store list
 *   call, searched on the server as the operator types).
 * - `children` renders the page for the chosen store. It is keyed by the store ID, so a form inside
 *   starts afresh for each store. Nothing renders while the stores load; a merchant without a store
 *   gets an empty state with a link to create one; an unknown `?shop_id` (or another merchant's)
 *   says so and lets the user pick one of theirs.
 * - `extra` goes at the end of the switcher's row (a page's own buttons).
 */
export function StoreSwitcher(props: StoreSwitcherProps) {
  return props.variant === 'merchant' ? <MerchantStoreSwitcher {...props} /> : <AdminStoreSwitcher {...props} />;
}

export type StoreSwitcherProps =
  | { variant: 'merchant'; children: (shop: TShop) => ReactNode; extra?: ReactNode }
  | { variant: 'admin'; children: (shop: TAdminShop) => ReactNode; extra?: ReactNode };

/** The query parameter holding the chosen store's ID. */
export const SHOP_PARAM = 'shop_id';

/** The address of a per-store page for one store (a store row's link). */
export function storePageLink(path: string, shopId: string): string {
  return `${path}?${new URLSearchParams({ [SHOP_PARAM]: shopId }).toString()}`;
}

/** The store ID in the URL, and how to change it (`replace` completes the URL without a history entry). */
export function useShopParam(): [string, (shopId: string, options?: { replace?: boolean }) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const shopId = searchParams.get(SHOP_PARAM) ?? '';
  const setShopId = useCallback(
    (next: string, options: { replace?: boolean } = {}) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set(SHOP_PARAM, next);
          // A page number belongs to the previous store's list.
          params.delete('page');
          return params;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return [shopId, setShopId];
}

/** Typing pauses this long before the operator's search is sent. */
const SEARCH_DELAY_MS = 300;

function shopLabel(shop: TShop): string {
  return `${shop.shop_name} (${shop.shop_id})`;
}

function SwitcherRow({ select, extra }: { select: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex wrap align="center" gap={12} style={{ marginBottom: 16 }}>
      <Typography.Text strong id="store-switcher-label">
        {t('storeSwitcher.label')}
      </Typography.Text>
      <div style={{ flex: '1 1 240px', maxWidth: 420, minWidth: 0 }}>{select}</div>
      {extra ? <Flex style={{ marginInlineStart: 'auto' }}>{extra}</Flex> : null}
    </Flex>
  );
}

function ChosenStore<T extends TShop>({
  shop,
  children,
}: {
  shop: T | null | undefined;
  children: (shop: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (shop === undefined) return <Skeleton active />;
  if (shop === null) return <Alert type="warning" showIcon title={t('storeSwitcher.notFound')} />;
  return <Fragment key={shop.shop_id}>{children(shop)}</Fragment>;
}

function MerchantStoreSwitcher({ children, extra }: { children: (shop: TShop) => ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const [shopId, setShopId] = useShopParam();
  const shops = useQuery(merchantSwitcherShopsQueryOptions());
  const list = shops.data?.list ?? [];
  const onPage = list.find((shop) => shop.shop_id === shopId);
  // A store beyond the first page (or a mistyped ID) is looked up on its own.
  const lookup = useQuery({
    ...merchantSwitcherShopQueryOptions(shopId),
    enabled: shops.isSuccess && shopId !== '' && !onPage,
  });
  const first = list[0];

  useEffect(() => {
    if (shopId === '' && first) setShopId(first.shop_id, { replace: true });
  }, [shopId, first, setShopId]);

  if (shops.isPending) return <Skeleton active />;
  if (shops.isError) return <Alert type="error" showIcon title={t('storeSwitcher.loadFailed')} />;
  if (list.length === 0) {
    return (
      <Empty description={t('storeSwitcher.noStores')}>
        <ButtonLink type="primary" to="/merchant/store?create=trial">
          {t('storeSwitcher.createStore')}
        </ButtonLink>
      </Empty>
    );
  }
  const chosen = shopId === '' ? undefined : (onPage ?? (lookup.isPending ? undefined : (lookup.data ?? null)));
  const options = (chosen && !onPage ? [chosen, ...list] : list).map((shop) => ({
    value: shop.shop_id,
    label: shopLabel(shop),
  }));
  return (
    <>
      <SwitcherRow
        extra={extra}
        select={
          <Select
            aria-labelledby="store-switcher-label"
            value={chosen ? chosen.shop_id : undefined}
            placeholder={t('storeSwitcher.placeholder')}
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(next: string) => setShopId(next)}
            style={{ width: '100%' }}
          />
        }
      />
      <ChosenStore shop={chosen}>{children}</ChosenStore>
    </>
  );
}

function AdminStoreSwitcher({ children, extra }: { children: (shop: TAdminShop) => ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  const [shopId, setShopId] = useShopParam();
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const found = useQuery(adminSwitcherShopsQueryOptions(keyword));
  const chosenQuery = useQuery(adminSwitcherShopQueryOptions(shopId));
  const newest = keyword === '' ? found.data?.list[0] : undefined;

  useEffect(() => {
    if (shopId === '' && newest) setShopId(newest.shop_id, { replace: true });
  }, [shopId, newest, setShopId]);

  if (shopId === '' && found.isSuccess && found.data.total === 0 && keyword === '') {
    return <Empty description={t('storeSwitcher.noPlatformStores')} />;
  }
  if (found.isError && shopId === '') return <Alert type="error" showIcon title={t('storeSwitcher.loadFailed')} />;
  const chosen = shopId === '' || chosenQuery.isPending ? undefined : (chosenQuery.data ?? null);
  const results = found.data?.list ?? [];
  const shown = chosen && !results.some((shop) => shop.shop_id === chosen.shop_id) ? [chosen, ...results] : results;
  const isSearching = found.isFetching || search.trim() !== keyword;
  return (
    <>
      <SwitcherRow
        extra={extra}
        select={
          <Select
            aria-labelledby="store-switcher-label"
            value={chosen ? chosen.shop_id : undefined}
            placeholder={t('storeSwitcher.searchPlaceholder')}
            showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
            loading={isSearching}
            notFoundContent={isSearching ? t('common.loading') : t('storeSwitcher.noMatch')}
            options={shown.map((shop) => ({
              value: shop.shop_id,
              label: `${shopLabel(shop)} · ${shop.merchant_account}`,
            }))}
            onChange={(next: string) => {
              setSearch('');
              setShopId(next);
            }}
            onOpenChange={(isOpen) => {
              if (!isOpen) setSearch('');
            }}
            style={{ width: '100%' }}
          />
        }
      />
      <ChosenStore shop={chosen}>{children}</ChosenStore>
    </>
  );
}
