import { SHOP_PLUGIN_STATUSES, type ShopPluginStatus, type TShopPlugin } from '@parlour/contract/calls/plugin';
import type { TShop } from '@parlour/contract/calls/store';
import { Button, Empty, Flex, Popconfirm, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { useListUrlState } from '@/components/use-list-url-state';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { useShopPlugins } from '../api/list-shop-plugins';
import { useSetShopPluginStatus } from '../api/set-shop-plugin-status';
import { versionTag } from './plugin-version';
import { LoadFailedAlert } from './load-failed-alert';
import { PluginIcon } from '@/components/plugin-icon';
import { usePluginPurchase } from './plugin-purchase';
import { hasSettings, PluginSettingsDrawer } from './plugin-settings-drawer';

const PAGE_SIZE = 10;

type MineFilter = { status?: ShopPluginStatus };

const filterFromQuery = (params: URLSearchParams): MineFilter => {
  const status = params.get('status');
  return {
    status: (SHOP_PLUGIN_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as ShopPluginStatus)
      : undefined,
  };
};

/** A store plugin's status: enabled or disabled, and a trial's end (or that it ended). */
export function ShopPluginStatusCell({ plugin }: { plugin: TShopPlugin }) {
  const { t } = useTranslation();
  const end = plugin.trial_ends_at ? dayjs(plugin.trial_ends_at).format('YYYY-MM-DD HH:mm') : null;
  return (
    <Flex vertical gap={2} align="start">
      <Tag
        color={plugin.shop_status === 'enabled' ? 'green' : 'default'}
        style={{ marginInlineEnd: 0 }}
        data-testid="shop-plugin-status"
      >
        {t(`plugin.mine.status.${plugin.shop_status}`)}
      </Tag>
      {plugin.source === 'trial' && end ? (
        <Typography.Text type={plugin.is_trial_expired ? 'warning' : 'secondary'} style={{ fontSize: 12 }}>
          {plugin.is_trial_expired
            ? t('plugin.mine.trialEnded', { date: end })
            : t('plugin.mine.trialEnds', { date: end })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/**
 * The "my plugins" tab of /merchant/plugin: the selected store's plugins with how they were
 * obtained and their status; enable or disable with a confirmation (disabling keeps the purchase);
 * a trial that ended is bought to enable it again.
 */
export function MyPluginsTab({ shop, onBrowse }: { shop: TShop; onBrowse: () => void }) {
  const { t } = useTranslation();
  const list = useListUrlState<MineFilter>({
    filterKeys: ['status'],
    parseFilter: filterFromQuery,
    defaultPageSize: PAGE_SIZE,
  });
  const plugins = useShopPlugins({
    shop_id: shop.shop_id,
    status: list.filter.status,
    page: list.page,
    limit: list.pageSize,
  });
  const setStatus = useSetShopPluginStatus();
  const purchase = usePluginPurchase(shop);
  const [settingsOf, setSettingsOf] = useState<TShopPlugin | null>(null);

  const toggle = (plugin: TShopPlugin) => {
    const status: ShopPluginStatus = plugin.shop_status === 'enabled' ? 'disabled' : 'enabled';
    return setStatus
      .mutateAsync({ shop_id: shop.shop_id, plugin_id: plugin.id, status })
      .then(() =>
        feedback.success(
          t(status === 'enabled' ? 'plugin.mine.enabledMessage' : 'plugin.mine.disabledMessage', { name: plugin.name }),
        ),
      )
      .catch(() => undefined);
  };

  /** The plugin's settings (when it has any), then its status action. */
  const rowActions = (plugin: TShopPlugin) => (
    <Flex gap={4} wrap>
      {hasSettings(plugin.code) ? (
        <Button type="link" size="small" onClick={() => setSettingsOf(plugin)}>
          {t('pluginSettings.action')}
        </Button>
      ) : null}
      {statusAction(plugin)}
    </Flex>
  );

  const statusAction = (plugin: TShopPlugin) => {
    if (plugin.is_trial_expired) {
      return (
        <Button
          type="link"
          size="small"
          loading={purchase.isBusy(plugin.id, 'buy')}
          onClick={() => purchase.start(plugin, 'buy')}
        >
          {t('plugin.mine.buyToEnable')}
        </Button>
      );
    }
    const isEnabled = plugin.shop_status === 'enabled';
    const confirm = isEnabled ? 'plugin.mine.disableConfirm' : 'plugin.mine.enableConfirm';
    return (
      <Popconfirm
        title={t(`${confirm}.title`, { name: plugin.name })}
        description={t(`${confirm}.description`)}
        okText={t(`${confirm}.ok`)}
        cancelText={t('plugin.mine.cancel')}
        okButtonProps={{ danger: isEnabled }}
        onConfirm={() => toggle(plugin)}
      >
        <Button
          type="link"
          size="small"
          danger={isEnabled}
          loading={setStatus.isPending && setStatus.variables.plugin_id === plugin.id}
        >
          {isEnabled ? t('plugin.mine.disable') : t('plugin.mine.enable')}
        </Button>
      </Popconfirm>
    );
  };

  const columns: Array<DataColumn<TShopPlugin>> = [
    {
      key: 'name',
      title: t('plugin.mine.column.plugin'),
      dataIndex: 'name',
      isRequired: true,
      cardRole: 'title',
      render: (_, plugin) => (
        <Flex gap={10} align="center">
          <PluginIcon src={plugin.icon} size={32} />
          <Flex vertical>
            <Typography.Text strong>{plugin.name}</Typography.Text>
            {plugin.status === 'unlisted' ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('plugin.mine.unlisted')}
              </Typography.Text>
            ) : null}
          </Flex>
        </Flex>
      ),
    },
    { key: 'type_name', title: t('plugin.mine.column.type'), dataIndex: 'type_name' },
    {
      key: 'version',
      title: t('plugin.mine.column.version'),
      dataIndex: 'version',
      render: (value: string) => versionTag(value),
    },
    {
      key: 'source',
      title: t('plugin.mine.column.source'),
      dataIndex: 'source',
      render: (_, plugin) => t(`plugin.mine.source.${plugin.source}`),
    },
    {
      key: 'shop_status',
      title: t('plugin.mine.column.status'),
      dataIndex: 'shop_status',
      render: (_, plugin) => <ShopPluginStatusCell plugin={plugin} />,
    },
    {
      key: 'installed_at',
      title: t('plugin.mine.column.installedAt'),
      dataIndex: 'installed_at',
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      key: 'actions',
      title: t('plugin.mine.column.actions'),
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      render: (_, plugin) => rowActions(plugin),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center" className="list-toolbar">
        <Select<ShopPluginStatus>
          allowClear
          style={{ minWidth: 140 }}
          value={list.filter.status}
          placeholder={t('plugin.filter.allStatuses')}
          aria-label={t('plugin.filter.status')}
          options={SHOP_PLUGIN_STATUSES.map((value) => ({ value, label: t(`plugin.mine.status.${value}`) }))}
          onChange={(value?: ShopPluginStatus) => list.setFilter({ status: value })}
        />
      </Flex>
      {plugins.isError && !plugins.data ? (
        <LoadFailedAlert title={t('plugin.mine.loadFailed')} onRetry={() => void plugins.refetch()} />
      ) : (
        <DataTable<TShopPlugin>
          listId="merchant.plugins"
          rowKey="id"
          columns={columns}
          rows={plugins.data?.list ?? []}
          isLoading={plugins.isFetching}
          pagination={list.pagination(plugins.data?.total ?? 0, (count) => t('plugin.mine.total', { count }))}
          emptyText={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={list.hasFilter ? t('plugin.mine.noMatch') : t('plugin.mine.empty')}
              style={{ padding: '16px 0' }}
            >
              {list.hasFilter || plugins.isLoading ? null : (
                <Button type="primary" onClick={onBrowse}>
                  {t('plugin.mine.browse')}
                </Button>
              )}
            </Empty>
          }
        />
      )}
      {purchase.dialogs}
      <PluginSettingsDrawer shopId={shop.shop_id} plugin={settingsOf} onClose={() => setSettingsOf(null)} />
    </Flex>
  );
}
