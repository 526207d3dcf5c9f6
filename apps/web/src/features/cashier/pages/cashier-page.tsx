import { ExperimentOutlined } from '@ant-design/icons';
import { ErrorCode } from '@parlour/contract/errors';
import { Alert, Button, Descriptions, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { BillStatusTag } from '@/components/bill-status-tag';
import { ButtonLink } from '@/components/button-link';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { safeRedirectTarget } from '@/lib/access';
import { isApiError } from '@/lib/api-error';
import { formatMoney } from '@/lib/money';
import { useCashierBill } from '../api/get-cashier-bill';
import { useSubmitCashierPayment } from '../api/submit-cashier-payment';

const BILLS_PATH = '/merchant/bill';
/** How long the success message stays before the cashier returns to the console. */
export const RETURN_DELAY_MS = 1_000;

/**
 * /cashier/:billNo?token=…: the sandbox cashier, our stand-in for a payment provider's page in
 * development and tests. It shows what the merchant pays and lets them pay or simulate a failed
 * payment; after paying it returns to the console (`return_path`).
 */
export default function CashierPage() {
  const { t } = useTranslation(['translation', 'errors']);
  const navigate = useNavigate();
  const { billNo = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const bill = useCashierBill(billNo, token);
  const submit = useSubmitCashierPayment(billNo, token);
  const [failure, setFailure] = useState<string | null>(null);
  const [isTimeUp, setIsTimeUp] = useState(false);
  const data = bill.data;
  const isJustPaid = submit.data?.status === 'paid';
  const returnPath = data ? safeRedirectTarget(data.return_path, BILLS_PATH) : BILLS_PATH;

  useEffect(() => {
    if (!isJustPaid) return undefined;
    const timer = setTimeout(() => void navigate(returnPath, { replace: true }), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isJustPaid, navigate, returnPath]);

  const pay = (outcome: 'paid' | 'failed') => {
    setFailure(null);
    submit.mutate(outcome, {
      onError: (error) => {
        if (isApiError(error) && error.code === ErrorCode.PAYMENT_FAILED) setFailure(error.message || t('errors:PAYMENT_FAILED'));
        else void bill.refetch();
      },
    });
  };

  const backToBills = (
    <ButtonLink key="bills" to={BILLS_PATH} type="primary">
      {t('cashier.backToBills')}
    </ButtonLink>
  );

  let body;
  if (!billNo || !token) {
    body = <Result status="warning" title={t('cashier.invalidLink')} subTitle={t('cashier.invalidLinkHint')} extra={backToBills} />;
  } else if (bill.isError) {
    body = <Result status="warning" title={t('cashier.loadFailed')} extra={[<Button key="retry" onClick={() => void bill.refetch()}>{t('cashier.retry')}</Button>, backToBills]} />;
  } else if (!data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (isJustPaid) {
    body = <Result status="success" title={t('cashier.paidTitle')} subTitle={t('cashier.returning')} />;
  } else if (data.status !== 'unpaid' || isTimeUp) {
    const status = isTimeUp ? 'expired' : data.status;
    body = (
      <Result
        status={status === 'paid' ? 'success' : 'info'}
        title={t(`cashier.state.${status}`)}
        subTitle={t('cashier.billNo', { billNo: data.bill_no })}
        extra={[
          status === 'paid' ? (
            <ButtonLink key="return" to={returnPath}>
              {t('cashier.continue')}
            </ButtonLink>
          ) : null,
          backToBills,
        ]}
      />
    );
  } else {
    const isBusy = submit.isPending;
    body = (
      <>
        <div className="cashier__amount">
          <Typography.Text type="secondary">{t('cashier.amountLabel')}</Typography.Text>
          <div className="cashier__figure" data-testid="cashier-amount">
            {formatMoney(data.amount, data.currency)}
          </div>
        </div>
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 130 } }} style={{ marginBottom: 20 }}>
          <Descriptions.Item label={t('cashier.product')}>{data.product_name}</Descriptions.Item>
          <Descriptions.Item label={t('cashier.store')}>{data.shop_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('cashier.billNoLabel')}>{data.bill_no}</Descriptions.Item>
          <Descriptions.Item label={t('payMethod.label')}>{t(`payMethod.${data.pay_method}`)}</Descriptions.Item>
          <Descriptions.Item label={t('cashier.status')}>
            <BillStatusTag status={data.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('cashier.payWithin')}>
            <ExpiryCountdown to={data.expires_at} onEnd={() => setIsTimeUp(true)} />
          </Descriptions.Item>
        </Descriptions>
        {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} role="alert" /> : null}
        <Flex vertical gap={12}>
          <Button type="primary" size="large" block loading={isBusy && submit.variables === 'paid'} disabled={isBusy} onClick={() => pay('paid')}>
            {t('cashier.pay', { amount: formatMoney(data.amount, data.currency) })}
          </Button>
          <Button size="large" block danger loading={isBusy && submit.variables === 'failed'} disabled={isBusy} onClick={() => pay('failed')}>
            {t('cashier.simulateFailure')}
          </Button>
        </Flex>
      </>
    );
  }

  return (
    <main className="simple-page cashier">
      <div className="simple-page__bar cashier__bar">
        <Flex align="center" gap={10}>
          <Logo />
          <Tag color="purple" icon={<ExperimentOutlined />}>
            {t('cashier.sandboxTag')}
          </Tag>
        </Flex>
        <LanguageSwitcher />
      </div>
      <section className="page-card cashier__card">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('cashier.title')}
        </Typography.Title>
        <Alert type="warning" showIcon title={t('cashier.sandboxNotice')} style={{ marginBottom: 20 }} />
        {body}
      </section>
    </main>
  );
}
