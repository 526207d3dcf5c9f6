import type { TMarketPlugin } from '@parlour/contract/calls/plugin';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { versionTag } from './plugin-version';
import { PluginActions } from './plugin-actions';
import { PluginIcon } from '@/components/plugin-icon';
import type { PluginAction } from './plugin-offer';
import { PluginPrice } from './plugin-price';
import { PluginState } from './plugin-state';

/** One plugin of the market: icon, name, type, version, price, its state on the store and what can be done. */
export function PluginCard({
  plugin,
  shopId,
  onOpen,
  onAction,
  isBusy,
  isShopRunning,
}: {
  plugin: TMarketPlugin;
  shopId: string;
  onOpen: () => void;
  onAction: (action: PluginAction) => void;
  isBusy: (id: number, action: PluginAction) => boolean;
  isShopRunning: boolean;
}) {
  const { t } = useTranslation();
  const titleId = `plugin-${plugin.id}-name`;
  return (
    <article
      className={`plugin-card${plugin.market_state === 'version_unavailable' ? ' plugin-card--unavailable' : ''}`}
      aria-labelledby={titleId}
      data-testid={`plugin-card-${plugin.code}`}
    >
      <Flex gap={12} align="start">
        <PluginIcon src={plugin.icon} />
        <div className="plugin-card__head">
          <Typography.Link id={titleId} className="plugin-card__name" onClick={onOpen}>
            {plugin.name}
          </Typography.Link>
          <Flex gap={6} wrap align="center" className="plugin-card__meta">
            <Tag style={{ marginInlineEnd: 0 }}>{plugin.type_name}</Tag>
            <Typography.Text type="secondary">{versionTag(plugin.version)}</Typography.Text>
            <Typography.Text type="secondary">
              · {t('plugin.installCount', { count: plugin.install_count })}
            </Typography.Text>
          </Flex>
        </div>
      </Flex>
      <PluginPrice plugin={plugin} />
      <PluginState
        state={plugin.market_state}
        trialEndsAt={plugin.trial_ends_at}
        packages={plugin.packages}
        shopId={shopId}
        unpaidBillNo={plugin.unpaid_bill_no}
        upgradePackageId={plugin.upgrade_package_id}
      />
      <Flex gap={8} wrap className="plugin-card__actions">
        <PluginActions plugin={plugin} onAction={onAction} isBusy={isBusy} isDisabled={!isShopRunning} />
        <Button onClick={onOpen}>{t('plugin.action.details')}</Button>
      </Flex>
    </article>
  );
}
