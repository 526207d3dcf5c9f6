import { PLUGIN_PRICE_TYPES, type PluginPriceType, type TMarketPlugin } from '@parlour/contract/calls/plugin';
import type { TShop } from '@parlour/contract/calls/store';
import { Button, Empty, Flex, Input, Pagination, Segmented, Select, Skeleton, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListUrlState } from '@/components/use-list-url-state';
import { useMarketPlugins } from '../api/list-market-plugins';
import { usePluginTypes } from '../api/list-plugin-types';
import { LoadFailedAlert } from './load-failed-alert';
import { PluginCard } from './plugin-card';
import { PluginDetailDrawer } from './plugin-detail-drawer';
import { usePluginPurchase } from './plugin-purchase';

const PAGE_SIZE = 12;

type MarketFilter = { type_id?: number; price_type?: PluginPriceType; keyword?: string };

/** The filter in the URL: `?tab=market&shop_id=lucy&type_id=2&price_type=paid&keyword=chat`; values out of range are dropped. */
export function marketFilterFromQuery(params: URLSearchParams): MarketFilter {
  const typeId = Number(params.get('type_id'));
  const priceType = params.get('price_type');
  return {
    type_id: Number.isInteger(typeId) && typeId > 0 ? typeId : undefined,
    price_type: (PLUGIN_PRICE_TYPES as readonly string[]).includes(priceType ?? '')
      ? (priceType as PluginPriceType)
      : undefined,
    keyword: params.get('keyword')?.trim() || undefined,
  };
}

/**
 * The market tab of /merchant/plugin for the selected store: listed plugins by type, free/paid and
 * keyword, as cards marked with their state on the store; a card opens the detail drawer; install,
 * buy, trial or pay from either.
 */
export function MarketTab({ shop, isShopRunning }: { shop: TShop; isShopRunning: boolean }) {
  const { t } = useTranslation();
  const list = useListUrlState<MarketFilter>({
    filterKeys: ['type_id', 'price_type', 'keyword'],
    parseFilter: marketFilterFromQuery,
    defaultPageSize: PAGE_SIZE,
  });
  const [keyword, setKeyword] = useState(list.filter.keyword ?? '');
  const [openId, setOpenId] = useState<number | null>(null);
  const types = usePluginTypes();
  const market = useMarketPlugins({ shop_id: shop.shop_id, ...list.filter, page: list.page, limit: list.pageSize });
  const purchase = usePluginPurchase(shop);
  const setFilter = (patch: MarketFilter) => list.patchFilter(patch);
  const rows: TMarketPlugin[] = market.data?.list ?? [];
  const total = market.data?.total ?? 0;

  let content;
  if (market.isError && !market.data) {
    content = <LoadFailedAlert title={t('plugin.market.loadFailed')} onRetry={() => void market.refetch()} />;
  } else if (!market.data) {
    content = (
      <div className="plugin-grid">
        {[0, 1, 2].map((key) => (
          <div key={key} className="plugin-card">
            <Skeleton active avatar paragraph={{ rows: 3 }} />
          </div>
        ))}
      </div>
    );
  } else if (rows.length === 0) {
    content = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={list.hasFilter ? t('plugin.market.noMatch') : t('plugin.market.empty')}
        style={{ padding: '24px 0' }}
      >
        {list.hasFilter ? (
          <Button
            onClick={() => {
              setKeyword('');
              list.setFilter({});
            }}
          >
            {t('plugin.market.clearFilters')}
          </Button>
        ) : null}
      </Empty>
    );
  } else {
    content = (
      <Spin spinning={market.isFetching && market.isPlaceholderData}>
        <div className="plugin-grid">
          {rows.map((plugin) => (
            <PluginCard
              key={plugin.id}
              plugin={plugin}
              shopId={shop.shop_id}
              isShopRunning={isShopRunning}
              onOpen={() => setOpenId(plugin.id)}
              onAction={(action) => purchase.start(plugin, action, plugin.unpaid_bill_no)}
              isBusy={purchase.isBusy}
            />
          ))}
        </div>
        {total > list.pageSize || list.page > 1 ? (
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Pagination
              current={list.page}
              pageSize={list.pageSize}
              total={total}
              onChange={list.onPageChange}
              showSizeChanger={false}
              showTotal={(count) => t('plugin.market.total', { count })}
            />
          </Flex>
        ) : null}
      </Spin>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center" className="list-toolbar plugin-filters">
        <Select<number>
          allowClear
          style={{ minWidth: 160 }}
          value={list.filter.type_id}
          placeholder={t('plugin.filter.allTypes')}
          aria-label={t('plugin.filter.type')}
          loading={types.isLoading}
          options={(types.data?.list ?? []).map((type) => ({ value: type.id, label: type.name }))}
          onChange={(value?: number) => setFilter({ type_id: value })}
        />
        <Segmented<PluginPriceType | 'all'>
          aria-label={t('plugin.filter.price')}
          value={list.filter.price_type ?? 'all'}
          onChange={(value) => setFilter({ price_type: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('plugin.filter.allPrices') },
            { value: 'free', label: t('plugin.filter.free') },
            { value: 'paid', label: t('plugin.filter.paid') },
          ]}
        />
        <Input.Search
          allowClear
          className="plugin-filters__keyword"
          aria-label={t('plugin.filter.keyword')}
          placeholder={t('plugin.filter.keywordPlaceholder')}
          value={keyword}
          maxLength={100}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => setFilter({ keyword: value.trim() || undefined })}
        />
        {market.data ? (
          <Typography.Text type="secondary" className="plugin-filters__total">
            {t('plugin.market.total', { count: total })}
          </Typography.Text>
        ) : null}
      </Flex>
      {content}
      <PluginDetailDrawer
        pluginId={openId}
        shopId={shop.shop_id}
        isShopRunning={isShopRunning}
        onClose={() => setOpenId(null)}
        onAction={(plugin, action) => purchase.start(plugin, action, plugin.shop?.unpaid_bill_no)}
        isBusy={purchase.isBusy}
      />
      {purchase.dialogs}
    </Flex>
  );
}
