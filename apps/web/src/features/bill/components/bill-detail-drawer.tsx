import type { TBill } from '@parlour/contract/calls/bill';
import { Descriptions, Drawer, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BillStatusTag, billTypeLabelKey } from '@/components/bill-status-tag';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { termLabel } from '@/components/term-picker';
import { dayjs } from '@/lib/dayjs';
import { formatMoney } from '@/lib/money';

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '—');

/** Every field of a bill, in a side drawer. */
export function BillDetailDrawer({
  bill,
  onClose,
  actions,
}: {
  bill: TBill | null;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer open={bill !== null} onClose={onClose} title={t('bill.detail.title')} size={480} extra={actions}>
      {bill ? (
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 130 } }}>
          <Descriptions.Item label={t('bill.fields.billNo')}>
            <Typography.Text copyable>{bill.bill_no}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.status')}>
            <BillStatusTag status={bill.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.type')}>{t(billTypeLabelKey(bill.type))}</Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.productName')}>{bill.product_name}</Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.shopName')}>{bill.shop_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.shopId')}>{bill.shop_id ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.version')}>
            {(bill.type === 'new_store' || bill.type === 'renewal') && bill.package_name ? bill.package_name : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.term')}>
            {bill.term_type && bill.term ? termLabel(t, { term_type: bill.term_type, term: bill.term }) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.amount')}>
            <Typography.Text strong>{formatMoney(bill.amount, bill.currency)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('payMethod.label')}>
            {bill.pay_method ? t(`payMethod.${bill.pay_method}`) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.channel')}>{t(`bill.channel.${bill.channel}`)}</Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.createdAt')}>{time(bill.created_at)}</Descriptions.Item>
          {bill.status === 'unpaid' ? (
            <Descriptions.Item label={t('bill.fields.payBefore')}>
              <div>{time(bill.expires_at)}</div>
              <ExpiryCountdown to={bill.expires_at} />
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('bill.fields.paidAt')}>{time(bill.paid_at)}</Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.cancelledAt')}>{time(bill.cancelled_at)}</Descriptions.Item>
          <Descriptions.Item label={t('bill.fields.remark')}>{bill.remark || '—'}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Drawer>
  );
}
