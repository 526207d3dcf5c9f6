import type { TAdminBill } from '@parlour/contract/calls/bill';
import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BillStatusTag } from '@/components/bill-status-tag';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { termLabel } from '@/components/term-picker';
import { formatMoney } from '@/lib/money';
import { formatTime } from './bill-columns';

/** Everything about one bill, beside the list. */
export function BillDetailDrawer({ bill, onClose }: { bill: TAdminBill | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={bill !== null} onClose={onClose} title={t('adminBill.detail.title')} size={520} destroyOnHidden>
      {bill ? (
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 140 } }}>
          <Descriptions.Item label={t('adminBill.column.billNo')}>
            <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
              {bill.bill_no}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('adminBill.column.status')}>
            <BillStatusTag status={bill.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('adminBill.column.amount')}>
            <Typography.Text strong>{formatMoney(bill.amount, bill.currency)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('adminBill.column.type')}>{t(`billType.${bill.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('adminBill.column.product')}>{bill.product_name}</Descriptions.Item>
          <Descriptions.Item label={t('adminBill.detail.version')}>{(bill.type === 'new_store' || bill.type === 'renewal') && bill.package_name ? bill.package_name : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('adminBill.detail.term')}>
            {bill.term_type && bill.term ? termLabel(t, { term_type: bill.term_type, term: bill.term }) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('adminBill.column.merchant')}>
            {bill.merchant_account} ({t('adminBill.merchantIdValue', { id: bill.merchant_id })})
          </Descriptions.Item>
          <Descriptions.Item label={t('adminBill.column.store')}>
            {bill.shop_name || '—'}
            {bill.shop_id ? ` (${bill.shop_id})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('adminBill.column.channel')}>
            <Tag color={bill.channel === 'offline' ? 'purple' : 'blue'}>{t(`adminBill.channel.${bill.channel}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('adminBill.column.payMethod')}>{bill.pay_method ? t(`payMethod.${bill.pay_method}`) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('adminBill.column.createdAt')}>{formatTime(bill.created_at)}</Descriptions.Item>
          {bill.status === 'unpaid' ? (
            <Descriptions.Item label={t('adminBill.detail.payBy')}>
              {formatTime(bill.expires_at)} <ExpiryCountdown to={bill.expires_at} />
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('adminBill.column.paidAt')}>{formatTime(bill.paid_at)}</Descriptions.Item>
          {bill.cancelled_at ? <Descriptions.Item label={t('adminBill.detail.cancelledAt')}>{formatTime(bill.cancelled_at)}</Descriptions.Item> : null}
          <Descriptions.Item label={t('adminBill.detail.remark')}>{bill.remark || '—'}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </Drawer>
  );
}
