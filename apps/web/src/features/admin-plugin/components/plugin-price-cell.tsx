import type { TPlugin } from '@parlour/contract/calls/plugin';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';

/**
 * The operator's price cell: a green "free" tag, or the amount, with the trial days under a paid one
 * that has them. "Free" is the server's `is_free`, as on the merchant's market (features/plugin).
 */
export function PluginPriceCell({
  plugin,
  isTrialShown = false,
}: {
  plugin: Pick<TPlugin, 'is_free' | 'price' | 'currency' | 'trial_days'>;
  isTrialShown?: boolean;
}) {
  const { t } = useTranslation();
  if (plugin.is_free) return <Tag color="green">{t('adminPlugin.price.free')}</Tag>;
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
