import { ExperimentOutlined, LoadingOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { PayMethod } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { Alert, Button, Descriptions, Flex, QRCode, Result, Skeleton, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { BillStatusTag } from '@/components/bill-status-tag';
import { ButtonLink } from '@/components/button-link';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { PayMethodLogo } from '@/components/pay-method-logo';
import { safeRedirectTarget } from '@/lib/access';
import { isApiError } from '@/lib/api-error';
import { leavePageFor, postFormTo } from '@/lib/leave-page';
import { formatMoney } from '@/lib/money';
import { useCashierBill, type TCashierBill } from '../api/get-cashier-bill';
import { useSubmitCashierPayment } from '../api/submit-cashier-payment';

const BILLS_PATH = '/merchant/bill';
/** How long the success message stays before the cashier returns to the console. */
export const RETURN_DELAY_MS = 1_000;
/** How often the page asks the server while it waits: a QR code being scanned, a return from the provider. */
export const WAIT_POLL_MS = 3_000;
/** How often it asks while the payer has not gone to the provider yet (another tab may pay). */
export const IDLE_POLL_MS = 5_000;
/** After this long on the return page without an answer, the payer may go and pay again. */
export const RETURN_PATIENCE_MS = 45_000;

/**
 * What the payer does here: the sandbox's buttons, a WeChat Pay QR code, a link to the provider's
 * page (Alipay, PayPal), or, back from that page, waiting for the server to confirm the payment.
 */
type Mode = 'sandbox' | 'qr' | 'redirect' | 'return' | 'none';

function modeOf(bill: TCashierBill, isReturn: boolean): Mode {
  const { flow } = bill;
  if (flow?.flow === 'qr') return 'qr';
  if (flow?.flow === 'redirect') return isReturn ? 'return' : 'redirect';
  // A bill the sandbox took (or one asked before the pay page made its order: the sandbox's link).
  if (flow?.flow === 'sandbox' || bill.provider === 'sandbox' || !bill.provider) return 'sandbox';
  return 'none';
}

/** Goes to the provider's page of a redirect flow. */
function goToProvider(flow: Extract<TCashierBill['flow'], { flow: 'redirect' }>) {
  if (flow.method === 'POST') postFormTo(flow.url, flow.fields ?? {});
  else leavePageFor(flow.url);
}

/**
 * /cashier/:billNo?token=… (back from a provider: ?return=1&cashier_token=…[&cancelled=1]): our cashier page for every provider. It shows
 * what the merchant pays, the pay method and the time left, and the method's flow: the sandbox's
 * pay / fail buttons (development and demos), WeChat Pay's QR code, or the way to Alipay's or
 * PayPal's page; providers send the payer back with `return=1`. The page only ever says "paid"
 * once the server says so (a verified notification or query): it asks every few seconds while it
 * waits and moves on to the console by itself. A poll that fails keeps the page and tries again.
 */
/** The bill list filtered to this bill with its pay dialog open, to pay it with another method. */
const otherMethodPath = (billNo: string) =>
  `${BILLS_PATH}?keyword=${encodeURIComponent(billNo)}&pay=${encodeURIComponent(billNo)}`;

export default function CashierPage() {
  const { t } = useTranslation(['translation', 'errors']);
  const navigate = useNavigate();
  const { billNo = '' } = useParams();
  const [searchParams] = useSearchParams();
  // Back from a provider the link's token is `cashier_token`: PayPal adds its own `token` (the order id).
  const token = searchParams.get('cashier_token') ?? searchParams.get('token') ?? '';
  const isReturn = searchParams.get('return') === '1';
  const isCancelledAtProvider = searchParams.get('cancelled') === '1';
  const [isTimeUp, setIsTimeUp] = useState(false);
  const isTimeUpRef = useRef(false);
  isTimeUpRef.current = isTimeUp;
  const bill = useCashierBill(billNo, token, (current) => {
    if (!current || current.status !== 'unpaid' || isTimeUpRef.current) return false;
    const mode = modeOf(current, isReturn && !isCancelledAtProvider);
    if (mode === 'qr' || mode === 'return') return WAIT_POLL_MS;
    return mode === 'redirect' ? IDLE_POLL_MS : false;
  });
  const submit = useSubmitCashierPayment(billNo, token);
  const [failure, setFailure] = useState<string | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const [isPatienceOver, setIsPatienceOver] = useState(false);
  const data = bill.data;
  const mode = data ? modeOf(data, isReturn && !isCancelledAtProvider) : null;
  // Seen unpaid on this visit (or back from the provider): a payment arriving now returns to the console by itself.
  const sawUnpaid = useRef(false);
  if (data?.status === 'unpaid') sawUnpaid.current = true;
  const isJustPaid = data?.status === 'paid' && (sawUnpaid.current || isReturn || submit.data?.status === 'paid');
  const returnPath = data ? safeRedirectTarget(data.return_path, BILLS_PATH) : BILLS_PATH;
  const methodName = data ? t(`payMethod.${data.pay_method}`) : '';

  useEffect(() => {
    if (!isJustPaid) return undefined;
    const timer = setTimeout(() => void navigate(returnPath, { replace: true }), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isJustPaid, navigate, returnPath]);

  useEffect(() => {
    if (mode !== 'return') return undefined;
    const timer = setTimeout(() => setIsPatienceOver(true), RETURN_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [mode]);

  // Coming back to this tab (the back button's page cache, a tab left open) asks again at once.
  useEffect(() => {
    const onShow = () => {
      if (document.visibilityState !== 'visible') return;
      // Back from the provider's page by the back button: its button is usable again.
      setIsLeaving(false);
      if (billNo && token) void bill.refetch();
    };
    window.addEventListener('pageshow', onShow);
    document.addEventListener('visibilitychange', onShow);
    return () => {
      window.removeEventListener('pageshow', onShow);
      document.removeEventListener('visibilitychange', onShow);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pay = (outcome: 'paid' | 'failed') => {
    setFailure(null);
    submit.mutate(outcome, {
      onError: (error) => {
        if (isApiError(error) && error.code === ErrorCode.PAYMENT_FAILED)
          setFailure(error.message || t('errors:PAYMENT_FAILED'));
        else void bill.refetch();
      },
    });
  };

  const leaveForProvider = () => {
    if (data?.flow?.flow !== 'redirect') return;
    setIsLeaving(true);
    goToProvider(data.flow);
    // The browser may stay (a blocked navigation, the back button's cache): the button comes back.
    setTimeout(() => setIsLeaving(false), 8_000);
  };

  const backToBills = (
    <ButtonLink key="bills" to={BILLS_PATH} type="primary">
      {t('cashier.backToBills')}
    </ButtonLink>
  );

  const isNotFound = isApiError(bill.error) && bill.error.code === ErrorCode.NOT_FOUND;
  let body;
  if (!billNo || !token || (isNotFound && !data)) {
    body = (
      <Result
        status="warning"
        title={t('cashier.invalidLink')}
        subTitle={t('cashier.invalidLinkHint')}
        extra={backToBills}
      />
    );
  } else if (bill.isError && !data) {
    body = (
      <Result
        status="warning"
        title={t('cashier.loadFailed')}
        subTitle={t('cashier.loadFailedHint')}
        extra={[
          <Button key="retry" loading={bill.isFetching} onClick={() => void bill.refetch()}>
            {t('cashier.retry')}
          </Button>,
          backToBills,
        ]}
      />
    );
  } else if (!data || !mode) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (isJustPaid) {
    body = <Result status="success" title={t('cashier.paidTitle')} subTitle={t('cashier.returning')} />;
  } else if (data.status !== 'unpaid' || isTimeUp) {
    const status = isTimeUp && data.status === 'unpaid' ? 'expired' : data.status;
    body = (
      <Result
        status={status === 'paid' ? 'success' : status === 'expired' ? 'warning' : 'info'}
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
    // The payer's step comes first (a QR code must not sit below the fold on a phone); the sandbox keeps its order.
    const details = (
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 130 } }} style={{ marginBottom: 20 }}>
        <Descriptions.Item label={t('cashier.product')}>{data.product_name}</Descriptions.Item>
        <Descriptions.Item label={t('cashier.store')}>{data.shop_name || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('cashier.billNoLabel')}>{data.bill_no}</Descriptions.Item>
        <Descriptions.Item label={t('payMethod.label')}>
          <MethodName method={data.pay_method} />
        </Descriptions.Item>
        <Descriptions.Item label={t('cashier.status')}>
          <BillStatusTag status={data.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('cashier.payWithin')}>
          <ExpiryCountdown to={data.expires_at} onEnd={() => setIsTimeUp(true)} />
        </Descriptions.Item>
      </Descriptions>
    );
    body = (
      <>
        <div className="cashier__amount">
          <Typography.Text type="secondary">{t('cashier.amountLabel')}</Typography.Text>
          <div className="cashier__figure" data-testid="cashier-amount">
            {formatMoney(data.amount, data.currency)}
          </div>
          {data.charged_amount !== null && data.charged_currency ? (
            <Typography.Text type="secondary" className="cashier__charged" data-testid="cashier-charged">
              {t(data.charge_rate ? 'cashier.chargedByRate' : 'cashier.chargedBy', {
                amount: formatMoney(data.charged_amount, data.charged_currency),
                method: methodName,
                from: data.currency,
                rate: data.charge_rate,
                to: data.charged_currency,
              })}
            </Typography.Text>
          ) : null}
        </div>
        {mode === 'sandbox' ? details : null}
        {bill.isError ? (
          <Alert
            type="warning"
            showIcon
            title={t('cashier.connectionLost')}
            style={{ marginBottom: 16 }}
            role="status"
          />
        ) : null}
        {mode === 'sandbox' ? (
          <>
            {failure ? (
              <Alert
                type="error"
                showIcon
                title={failure}
                style={{ marginBottom: 16 }}
                role="alert"
                // "Choose another method": the bill's pay dialog in the console, where every offered method can be picked.
                action={
                  <ButtonLink size="small" to={otherMethodPath(data.bill_no)}>
                    {t('cashier.otherMethod')}
                  </ButtonLink>
                }
              />
            ) : null}
            <Flex vertical gap={12}>
              <Button
                type="primary"
                size="large"
                block
                loading={isBusy && submit.variables === 'paid'}
                disabled={isBusy}
                onClick={() => pay('paid')}
              >
                {t('cashier.pay', { amount: formatMoney(data.amount, data.currency) })}
              </Button>
              <Button
                size="large"
                block
                danger
                loading={isBusy && submit.variables === 'failed'}
                disabled={isBusy}
                onClick={() => pay('failed')}
              >
                {t('cashier.simulateFailure')}
              </Button>
            </Flex>
          </>
        ) : null}
        {mode === 'qr' && data.flow?.flow === 'qr' ? (
          <Flex vertical align="center" gap={12} className="cashier__qr" data-testid="cashier-qr">
            <Typography.Text strong>{t('cashier.qrTitle', { method: methodName })}</Typography.Text>
            <QRCode
              value={data.flow.code_url}
              size={208}
              bordered
              aria-label={t('cashier.qrLabel', { method: methodName })}
            />
            <Typography.Text type="secondary" className="cashier__hint">
              {t('cashier.qrHint', { method: methodName })}
            </Typography.Text>
            <Waiting text={t('cashier.waiting')} />
          </Flex>
        ) : null}
        {mode === 'redirect' ? (
          <Flex vertical gap={12} className="cashier__redirect">
            {isCancelledAtProvider ? (
              <Alert
                type="warning"
                showIcon
                title={t('cashier.cancelledAtProvider', { method: methodName })}
                role="alert"
              />
            ) : null}
            <Typography.Text type="secondary">{t('cashier.redirectHint', { method: methodName })}</Typography.Text>
            <Button type="primary" size="large" block loading={isLeaving} onClick={leaveForProvider}>
              {t('cashier.goPay', { method: methodName })}
            </Button>
          </Flex>
        ) : null}
        {mode === 'return' ? (
          <Flex vertical align="center" gap={12} className="cashier__confirming" data-testid="cashier-confirming">
            <Waiting text={t('cashier.confirming')} />
            <Typography.Text type="secondary" className="cashier__hint">
              {t('cashier.confirmingHint', { method: methodName })}
            </Typography.Text>
            {isPatienceOver ? (
              <>
                <Alert
                  type="info"
                  showIcon
                  title={t('cashier.stillWaiting', { method: methodName })}
                  style={{ width: '100%' }}
                />
                <Button block loading={isLeaving} onClick={leaveForProvider}>
                  {t('cashier.payAgain', { method: methodName })}
                </Button>
              </>
            ) : null}
          </Flex>
        ) : null}
        {mode === 'none' ? (
          <Alert type="warning" showIcon title={t('cashier.noFlow')} style={{ marginBottom: 20 }} />
        ) : null}
        {mode === 'sandbox' ? null : details}
      </>
    );
  }

  return (
    <main className="simple-page cashier">
      <div className="simple-page__bar cashier__bar">
        <Flex align="center" gap={10}>
          <Logo />
          {mode === 'sandbox' ? (
            <Tag color="purple" icon={<ExperimentOutlined />}>
              {t('cashier.sandboxTag')}
            </Tag>
          ) : data ? (
            <Tag color="green" icon={<SafetyCertificateOutlined />}>
              {t('cashier.secureTag')}
            </Tag>
          ) : null}
        </Flex>
        <LanguageSwitcher />
      </div>
      <section className="page-card cashier__card">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('cashier.title')}
        </Typography.Title>
        {mode === 'sandbox' && !isJustPaid ? (
          <Alert type="warning" showIcon title={t('cashier.sandboxNotice')} style={{ marginBottom: 20 }} />
        ) : null}
        {body}
      </section>
    </main>
  );
}

function MethodName({ method }: { method: PayMethod }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={6} component="span">
      <PayMethodLogo method={method} />
      {t(`payMethod.${method}`)}
    </Flex>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <Flex align="center" gap={8} role="status" aria-live="polite">
      <Spin indicator={<LoadingOutlined spin />} size="small" />
      <Typography.Text>{text}</Typography.Text>
    </Flex>
  );
}
