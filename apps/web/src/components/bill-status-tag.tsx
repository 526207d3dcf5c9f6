import type { BillStatus, BillType } from '@parlour/contract/constants';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colour of each bill status (spec §4). */
export const BILL_STATUS_COLORS: Record<BillStatus, string> = {
  unpaid: 'warning',
  paid: 'success',
  cancelled: 'default',
  expired: 'error',
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

/** The catalogue key of a bill type's label. */
export function billTypeLabelKey(type: BillType): `billType.${BillType}` {
  return `billType.${type}`;
}
