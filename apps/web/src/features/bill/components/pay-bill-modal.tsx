import type { TBill } from '@parlour/contract/calls/bill';
import type { PayMethod } from '@parlour/contract/constants';
import { Descriptions, Form, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { PayMethodRadio } from '@/components/pay-method-radio';
import { formatMoney } from '@/lib/money';
import { useOpenCashier } from '@/lib/open-cashier';
import { merchantBillsKey } from '@/lib/query-keys';

/** Paying an unpaid bill: the amount, the time left, a pay method, then the cashier. */
export function PayBillModal({ bill, onClose }: { bill: TBill | null; onClose: () => void }) {
  const { t } = useTranslation(['translation', 'validation']);
  const payBill = useOpenCashier(merchantBillsKey);
  const [payMethod, setPayMethod] = useState<PayMethod | undefined>(undefined);
  const [isMissing, setIsMissing] = useState(false);
  const isLeaving = payBill.isPending || payBill.isSuccess;

  useEffect(() => {
    setPayMethod(bill?.pay_method ?? undefined);
    setIsMissing(false);
    payBill.reset();
    // Reset when another bill is chosen, not when the mutation object changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bill?.bill_no]);

  const submit = () => {
    if (!bill) return;
    if (!payMethod) {
      setIsMissing(true);
      return;
    }
    payBill.mutate({ billNo: bill.bill_no, payMethod }, { onError: onClose });
  };

  return (
    <Modal
      open={bill !== null}
      title={t('bill.pay.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('bill.pay.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: isLeaving }}
      destroyOnHidden
    >
      {bill ? (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('bill.fields.billNo')}>{bill.bill_no}</Descriptions.Item>
            <Descriptions.Item label={t('bill.fields.productName')}>{bill.product_name}</Descriptions.Item>
            <Descriptions.Item label={t('bill.fields.amount')}>
              <Typography.Text strong>{formatMoney(bill.amount, bill.currency)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('bill.fields.payBefore')}>
              <ExpiryCountdown to={bill.expires_at} onEnd={onClose} />
            </Descriptions.Item>
          </Descriptions>
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('payMethod.label')}
              required
              validateStatus={isMissing ? 'error' : undefined}
              help={isMissing ? t('validation:pay_method_required') : undefined}
            >
              <PayMethodRadio
                value={payMethod}
                disabled={isLeaving}
                onChange={(method) => {
                  setPayMethod(method);
                  setIsMissing(false);
                }}
              />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
