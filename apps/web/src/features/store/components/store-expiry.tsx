import type { TShop } from '@parlour/contract/calls/store';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { dayjs } from '@/lib/dayjs';

/**
 * A store's expiry: the date and a countdown to it; while pending renewal, the countdown runs to
 * the end of the grace period instead, when the store would be disabled.
 */
export function StoreExpiry({ shop, onEnd }: { shop: TShop; onEnd?: () => void }) {
  const { t } = useTranslation();
  if (!shop.expires_at) return <Typography.Text type="secondary">—</Typography.Text>;
  const isInGrace = shop.status === 'pending_renewal' && shop.grace_ends_at !== null;
  return (
    <Flex vertical gap={2}>
      <span style={{ whiteSpace: 'nowrap' }}>{dayjs(shop.expires_at).format('YYYY-MM-DD HH:mm')}</span>
      {shop.status === 'disabled' ? null : isInGrace && shop.grace_ends_at ? (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          {t('store.list.graceLeft')} <ExpiryCountdown to={shop.grace_ends_at} onEnd={onEnd} />
        </Typography.Text>
      ) : (
        <span style={{ fontSize: 12 }}>
          <ExpiryCountdown to={shop.expires_at} onEnd={onEnd} />
        </span>
      )}
    </Flex>
  );
}
