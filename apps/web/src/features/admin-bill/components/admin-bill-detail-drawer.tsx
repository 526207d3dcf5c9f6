import type { TAdminBill } from '@parlour/contract/calls/bill';
import { Alert, Descriptions, Drawer, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BillStatusTag, REFUND_STATE_COLORS } from '@/components/bill-status-tag';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { termLabel } from '@/components/term-picker';
import { formatMoney } from '@/lib/money';
import { useBillDetail } from '../api/bill-detail';
import { formatTime } from './bill-columns';
import { ProviderEventsTimeline, ProviderName } from './provider-events-timeline';
import { RefundBillAction } from './refund-bill-action';

/**
 * Everything about one bill, beside the list: the list's row at once, then its detail (the
 * provider's side, the charge, the refund) and its payment events; a refund for a paid bill.
 */
export function AdminBillDetailDrawer({ bill: row, onClose }: { bill: TAdminBill | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useBillDetail(row?.bill_no ?? null);
  const full = detail.data && detail.data.bill_no === row?.bill_no ? detail.data : null;
  const bill = full ?? row;
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={t('adminBill.detail.title')}
      size={560}
      destroyOnHidden
      extra={full?.can_refund ? <RefundBillAction bill={full} /> : null}
      className="bill-detail-drawer"
    >
      {full?.refund_state === 'pending' ? (
        <Alert
          className="bill-detail-drawer__alert"
          type="info"
          showIcon
          title={t('adminBill.detail.refundPending')}
          description={t('adminBill.detail.refundPendingHint')}
          data-testid="refund-state"
        />
      ) : null}
      {full?.refund_state === 'failed' ? (
        <Alert
          className="bill-detail-drawer__alert"
          type="error"
          showIcon
          title={t('adminBill.detail.refundFailed')}
          description={t('adminBill.detail.refundFailedHint')}
          data-testid="refund-state"
        />
      ) : null}
      {full?.needs_refund && full.status !== 'refunded' ? (
        <Alert
          className="bill-detail-drawer__alert"
          type="warning"
          showIcon
          title={t('adminBill.detail.needsRefund')}
          description={t(
            full.version_not_applied ? 'adminBill.detail.versionNotAppliedHint' : 'adminBill.detail.needsRefundHint',
          )}
        />
      ) : null}
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
          <Descriptions.Item label={t('adminBill.detail.version')}>
            {(bill.type === 'new_store' || bill.type === 'renewal') && bill.package_name ? bill.package_name : '—'}
          </Descriptions.Item>
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
          <Descriptions.Item label={t('adminBill.column.payMethod')}>
            {bill.pay_method ? t(`payMethod.${bill.pay_method}`) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('adminBill.column.createdAt')}>{formatTime(bill.created_at)}</Descriptions.Item>
          {bill.status === 'unpaid' ? (
            <Descriptions.Item label={t('adminBill.detail.payBy')}>
              {formatTime(bill.expires_at)} <ExpiryCountdown to={bill.expires_at} />
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('adminBill.column.paidAt')}>{formatTime(bill.paid_at)}</Descriptions.Item>
          {bill.cancelled_at ? (
            <Descriptions.Item label={t('adminBill.detail.cancelledAt')}>
              {formatTime(bill.cancelled_at)}
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('adminBill.detail.remark')}>{bill.remark || '—'}</Descriptions.Item>
          {full ? (
            <>
              <Descriptions.Item label={t('adminBill.detail.provider')}>
                {full.provider ? <ProviderName provider={full.provider} /> : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('adminBill.detail.providerOrder')}>
                {full.provider_order_id ? <Typography.Text copyable>{full.provider_order_id}</Typography.Text> : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('adminBill.detail.tradeNo')}>
                {full.trade_no ? <Typography.Text copyable>{full.trade_no}</Typography.Text> : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('adminBill.detail.charged')}>
                {full.charged_amount !== null && full.charged_currency
                  ? formatMoney(full.charged_amount, full.charged_currency)
                  : '—'}
                {full.charge_rate ? (
                  <Typography.Text type="secondary">
                    {' (' +
                      t('adminBill.detail.rate', { rate: full.charge_rate, currency: full.charged_currency ?? '' }) +
                      ')'}
                  </Typography.Text>
                ) : null}
              </Descriptions.Item>
              <Descriptions.Item label={t('adminBill.detail.needsRefundLabel')}>
                {full.needs_refund ? <Tag color="warning">{t('adminBill.detail.yes')}</Tag> : t('adminBill.detail.no')}
              </Descriptions.Item>
              {full.refund_state ? (
                <>
                  <Descriptions.Item label={t('adminBill.detail.refundStateLabel')}>
                    <Tag color={REFUND_STATE_COLORS[full.refund_state]}>
                      {t(
                        full.refund_state === 'pending'
                          ? 'adminBill.detail.refundPending'
                          : 'adminBill.detail.refundFailed',
                      )}
                    </Tag>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('adminBill.detail.refundedBy')}>
                    {full.refunded_by ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('adminBill.detail.refundReason')}>
                    {full.refund_reason ?? '—'}
                  </Descriptions.Item>
                </>
              ) : null}
              {full.refunded_at ? (
                <>
                  <Descriptions.Item label={t('adminBill.detail.refundedAt')}>
                    {formatTime(full.refunded_at)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('adminBill.detail.refundedBy')}>
                    {full.refunded_by ?? '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('adminBill.detail.refundReason')}>
                    {full.refund_reason ?? '—'}
                  </Descriptions.Item>
                </>
              ) : null}
            </>
          ) : null}
        </Descriptions>
      ) : null}
      <Typography.Title level={5} className="bill-detail-drawer__events-title">
        {t('adminBill.events.title')}
      </Typography.Title>
      {full ? (
        <ProviderEventsTimeline events={full.events} />
      ) : detail.isError ? (
        <Alert type="error" showIcon title={t('adminBill.detail.loadFailed')} />
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
    </Drawer>
  );
}
