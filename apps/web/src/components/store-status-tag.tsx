import type { StoreStatus } from '@parlour/contract/constants';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colour of each store status (spec §4): green when serving buyers, orange when it needs money, grey when stopped. */
export const STORE_STATUS_COLORS: Record<StoreStatus, string> = {
  unpaid: 'gold',
  initializing: 'processing',
  trial: 'cyan',
  operating: 'success',
  pending_renewal: 'warning',
  disabled: 'default',
  cancelled: 'default',
};

/** A store's status as a coloured tag. */
export function StoreStatusTag({ status }: { status: StoreStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STORE_STATUS_COLORS[status]} variant="filled">
      {t(`storeStatus.${status}`)}
    </Tag>
  );
}
