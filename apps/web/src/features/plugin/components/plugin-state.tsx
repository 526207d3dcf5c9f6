import type { PluginMarketState } from '@parlour/contract/calls/plugin';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button-link';
import { dayjs } from '@/lib/dayjs';
import { versionList } from './plugin-offer';

const COLORS: Record<Exclude<PluginMarketState, 'available'>, string> = {
  installed: 'green',
  purchased: 'green',
  trial: 'blue',
  trial_expired: 'orange',
  version_unavailable: 'default',
};

/** Where a store is renewed (its renewal page), into a higher version when one is named; the spec's way into a higher version. */
export const renewPath = (shopId: string, versionId?: number | null) =>
  `/merchant/store/renew?shop_id=${encodeURIComponent(shopId)}${versionId ? `&version=${versionId}` : ''}`;

/**
 * A plugin's state on the selected store: installed, purchased, on trial until a date, trial ended,
 * or not in the store's version — then which versions have it and the way to renew.
 */
export function PluginState({
  state,
  trialEndsAt,
  packages,
  shopId,
  unpaidBillNo,
  upgradePackageId = null,
}: {
  state: PluginMarketState;
  trialEndsAt: string | null;
  packages: ReadonlyArray<{ id: number; name: string }>;
  shopId: string;
  unpaidBillNo: string | null;
  /** The lowest higher version that has the plugin, preselected on the renewal page. */
  upgradePackageId?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const unpaid = unpaidBillNo ? (
    <Typography.Text type="warning" style={{ fontSize: 12 }}>
      {t('plugin.unpaidHint', { billNo: unpaidBillNo })}
    </Typography.Text>
  ) : null;
  if (state === 'available') return unpaid;
  const label =
    state === 'trial'
      ? t('plugin.state.trial', { date: trialEndsAt ? dayjs(trialEndsAt).format('YYYY-MM-DD') : '—' })
      : t(`plugin.state.${state}`);
  return (
    <Flex vertical gap={4} align="start" className="plugin-state">
      <Tag color={COLORS[state]} style={{ marginInlineEnd: 0 }} data-testid="plugin-state">
        {label}
      </Tag>
      {state === 'version_unavailable' ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('plugin.versionHint', { versions: versionList(packages, i18n.language) })}{' '}
          <ButtonLink type="link" size="small" to={renewPath(shopId, upgradePackageId)} className="plugin-state__renew">
            {t('plugin.renewInto')}
          </ButtonLink>
        </Typography.Text>
      ) : null}
      {unpaid}
    </Flex>
  );
}
