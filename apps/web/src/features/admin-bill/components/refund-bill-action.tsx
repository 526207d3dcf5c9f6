import type { TAdminBillDetail } from '@parlour/contract/calls/bill';
import { useTranslation } from 'react-i18next';
import { ConfirmWithRemark } from '@/components/confirm-with-remark';
import { feedback } from '@/lib/feedback';
import { formatMoney } from '@/lib/money';
import { useRefundBill } from '../api/bill-detail';

/**
 * Refund a paid bill in full through its provider, after a confirmation that says how much goes
 * back and what the bill bought is revoked, with a required reason (kept with the bill and in the
 * audit log). A payment that came after its bill was cancelled or expired bought nothing.
 */
export function RefundBillAction({ bill }: { bill: TAdminBillDetail }) {
  const { t } = useTranslation();
  const refund = useRefundBill();
  const charged =
    bill.charged_amount !== null && bill.charged_currency
      ? formatMoney(bill.charged_amount, bill.charged_currency)
      : formatMoney(bill.amount, bill.currency);
  const revoked =
    bill.status === 'paid' ? t(`adminBill.refund.revokes.${bill.type}`) : t('adminBill.refund.revokesNothing');

  return (
    <ConfirmWithRemark
      label={t('adminBill.refund.action')}
      title={t('adminBill.refund.title', { billNo: bill.bill_no })}
      hint={t('adminBill.refund.hint', { amount: charged, revoked })}
      remarkLabel={t('adminBill.refund.reason')}
      remarkPlaceholder={t('adminBill.refund.reasonPlaceholder')}
      isDanger
      isRemarkRequired
      isPending={refund.isPending}
      onConfirm={(reason) =>
        refund.mutateAsync({ bill_no: bill.bill_no, reason }).then((answer) => {
          // WeChat Pay may accept a refund and finish it later: the bill says "refund in progress".
          if (answer.refund_state === 'pending')
            feedback.success(t('adminBill.refund.pending', { billNo: bill.bill_no }));
          else feedback.success(t('adminBill.refund.done', { billNo: bill.bill_no }));
        })
      }
    />
  );
}
