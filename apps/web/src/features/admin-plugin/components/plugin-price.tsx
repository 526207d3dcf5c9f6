import type { TPlugin } from '@parlour/contract/calls/plugin';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';

/** A plugin's price as words: "Free" for 0, else the one-off amount in its currency. */
export function formatPluginPrice(plugin: Pick<TPlugin, 'price' | 'currency'>, t: TFunction): string {
  return plugin.price === 0 ? t('adminPlugin.price.free') : formatMoney(plugin.price, plugin.currency);
}

/** The price cell: a green "free" tag, or the amount, with the trial days under a paid one that has them. */
export function PluginPrice({
  plugin,
  isTrialShown = false,
}: {
  plugin: Pick<TPlugin, 'price' | 'currency' | 'trial_days'>;
  isTrialShown?: boolean;
}) {
  const { t } = useTranslation();
  if (plugin.price === 0) return <Tag color="green">{t('adminPlugin.price.free')}</Tag>;
  return (
    <span className="plugin-price">
      <Typography.Text strong>{formatMoney(plugin.price, plugin.currency)}</Typography.Text>
      {isTrialShown && plugin.trial_days > 0 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('adminPlugin.price.trial', { count: plugin.trial_days })}
        </Typography.Text>
      ) : null}
    </span>
  );
}
