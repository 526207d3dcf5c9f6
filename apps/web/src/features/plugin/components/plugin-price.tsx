import type { TPlugin } from '@parlour/contract/calls/plugin';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';

/** A plugin's price (or "Free"), with its free trial when it has one. */
export function PluginPrice({
  plugin,
  size = 16,
}: {
  plugin: Pick<TPlugin, 'is_free' | 'price' | 'currency' | 'trial_days'>;
  size?: number;
}) {
  const { t } = useTranslation();
  return (
    <span className="plugin-price">
      <Typography.Text
        strong
        style={{ fontSize: size, color: plugin.is_free ? 'var(--parlour-success-text)' : 'var(--parlour-primary)' }}
        data-testid="plugin-price"
      >
        {plugin.is_free ? t('plugin.free') : formatMoney(plugin.price, plugin.currency)}
      </Typography.Text>
      {!plugin.is_free && plugin.trial_days > 0 ? (
        <Tag color="cyan" style={{ marginInlineStart: 8, marginInlineEnd: 0 }}>
          {t('plugin.trialDays', { count: plugin.trial_days })}
        </Tag>
      ) : null}
    </span>
  );
}
