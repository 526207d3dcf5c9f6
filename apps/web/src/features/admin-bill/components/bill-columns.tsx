import type { TAdminBill } from '@parlour/contract/calls/bill';
import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BillStatusTag, RefundStateTag } from '@/components/bill-status-tag';
import type { DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { dayjs } from '@/lib/dayjs';
import { formatMoney } from '@/lib/money';
import { BreakableText } from '@/components/breakable-text';

export const formatTime = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—');

/** Columns of the bill and income lists; income (paid bills only) shows the paid time instead of the status and creation time. */
export function useBillColumns({
  onDetail,
  isIncome = false,
}: {
  onDetail: (bill: TAdminBill) => void;
  isIncome?: boolean;
}): Array<DataColumn<TAdminBill>> {
  const { t } = useTranslation();
  const columns: Array<DataColumn<TAdminBill> | false> = [
    {
      key: 'bill_no',
      title: t('adminBill.column.billNo'),
      dataIndex: 'bill_no',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      render: (billNo: string) => (
        <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap' }}>
          {billNo}
        </Typography.Text>
      ),
    },
    {
      title: t('adminBill.column.merchant'),
      key: 'merchant',
      width: 120,
      render: (_, bill) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: bill.merchant_account }} style={{ maxWidth: 120 }}>
            {bill.merchant_account}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('adminBill.merchantIdValue', { id: bill.merchant_id })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('adminBill.column.store'),
      key: 'store',
      width: 120,
      render: (_, bill) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: bill.shop_name }} style={{ maxWidth: 120 }}>
            {bill.shop_name || '—'}
          </Typography.Text>
          {bill.shop_id ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {bill.shop_id}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('adminBill.column.product'),
      key: 'product',
      width: 140,
      render: (_, bill) => (
        <Flex vertical>
          <Typography.Text>
            <BreakableText text={bill.product_name} />
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`billType.${bill.type}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('adminBill.column.amount'),
      key: 'amount',
      sortField: 'amount',
      align: 'right',
      render: (_, bill) => <Typography.Text strong>{formatMoney(bill.amount, bill.currency)}</Typography.Text>,
    },
    !isIncome && {
      title: t('adminBill.column.status'),
      key: 'status',
      render: (_, bill) => (
        <Flex vertical align="flex-start" gap={2}>
          <BillStatusTag status={bill.status} />
          <RefundStateTag state={bill.refund_state} />
          {bill.status === 'unpaid' ? (
            // Kept on one line and inside the column: the pinned actions column must not cover its end.
            <span style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              <ExpiryCountdown to={bill.expires_at} />
            </span>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('adminBill.column.channelAndMethod'),
      key: 'channel',
      render: (_, bill) => (
        <Flex vertical align="flex-start" gap={2}>
          <Tag color={bill.channel === 'offline' ? 'purple' : 'blue'}>{t(`adminBill.channel.${bill.channel}`)}</Tag>
          {bill.pay_method ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`payMethod.${bill.pay_method}`)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    isIncome
      ? {
          key: 'paid_at',
          title: t('adminBill.column.paidAt'),
          dataIndex: 'paid_at',
          sortField: 'paid_at',
          render: (value: string | null) => <DateTimeCell value={value} />,
        }
      : {
          key: 'created_at',
          title: t('adminBill.column.createdAt'),
          dataIndex: 'created_at',
          sortField: 'created_at',
          render: (value: string) => <DateTimeCell value={value} />,
        },
    {
      title: t('adminBill.column.actions'),
      key: 'actions',
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      render: (_, bill) => (
        <Button
          type="link"
          size="small"
          onClick={() => onDetail(bill)}
          aria-label={t('adminBill.detail.open', { billNo: bill.bill_no })}
        >
          {t('adminBill.action.detail')}
        </Button>
      ),
    },
  ];
  return columns.filter((column) => column !== false);
}
