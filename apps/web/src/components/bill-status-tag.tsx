import type { BillStatus, BillType, RefundState } from '@parlour/contract/constants';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colour of each bill status (spec §4). */
export const BILL_STATUS_COLORS: Record<BillStatus, string> = {
  unpaid: 'warning',
  paid: 'success',
  cancelled: 'default',
  expired: 'error',
  refunded: 'purple',
};

/** Colour of a refund's state: "in progress" (the theme's blue) while the provider processes it, red when it failed. */
export const REFUND_STATE_COLORS: Record<RefundState, string> = {
  pending: 'processing',
  failed: 'error',
};

/** A bill's status as a coloured tag. */
export function BillStatusTag({ status }: { status: BillStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={BILL_STATUS_COLORS[status]} variant="filled">
      {t(`billStatus.${status}`)}
    </Tag>
  );
}

/**
 * A refund under way or failed, shown under a bill's status in the lists (the status stays paid
 * until the provider completes the refund); nothing when there is none.
 */
export function RefundStateTag({ state }: { state: RefundState | null }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Tag color={REFUND_STATE_COLORS[state]} data-testid="refund-state-tag">
      {t(`refundState.${state}`)}
    </Tag>
  );
}

/** The catalogue key of a bill type's label. */
export function billTypeLabelKey(type: BillType): `billType.${BillType}` {
  return `billType.${type}`;
}
