import { ZShopRenewInput, type TStoreVersion } from '@parlour/contract/calls/store';
import type { PayMethod } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { Button, Col, Descriptions, Divider, Flex, Form, Modal, Result, Row, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/button-link';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { PageHeader } from '@/components/page-header';
import { PayMethodRadio } from '@/components/pay-method-radio';
import { StoreStatusTag } from '@/components/store-status-tag';
import { DEFAULT_TERM, priceOf, TermPicker, termLabel, type TermValue } from '@/components/term-picker';
import { isApiError } from '@/lib/api-error';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { leavePageFor } from '@/lib/leave-page';
import { formatMoney } from '@/lib/money';
import { useShop } from '../api/find-shop';
import { usePayBill } from '../api/get-pay-page';
import { useVersions } from '../api/list-versions';
import { useRenewShop } from '../api/renew-shop';

const STORE_LIST_PATH = '/merchant/store';

interface RenewFormValues {
  plan?: TermValue;
  pay_method?: PayMethod;
}

/** The expiry a renewal would give: the term added to the later of now and the current expiry. */
export function renewedExpiry(currentExpiry: string | null, plan: TermValue, now = dayjs()) {
  const current = currentExpiry ? dayjs(currentExpiry) : null;
  const start = current && current.isAfter(now) ? current : now;
  return start.add(plan.term, plan.term_type);
}

interface RenewSummaryProps {
  currentExpiry: string | null;
  version: TStoreVersion | undefined;
  isPriceLoading: boolean;
  isSubmitting: boolean;
  onBack: () => void;
}

/** The chosen term, the expiry it gives and its price, then the submit button (inside the form, watching its term). */
function RenewSummary({ currentExpiry, version, isPriceLoading, isSubmitting, onBack }: RenewSummaryProps) {
  const { t } = useTranslation();
  const plan = Form.useWatch<TermValue | undefined>('plan') ?? DEFAULT_TERM;
  const price = priceOf(version?.prices, plan);
  return (
    <>
      <Descriptions column={1} size="small" className="renew-summary">
        <Descriptions.Item label={t('store.renew.chosenTerm')}>{termLabel(t, plan)}</Descriptions.Item>
        <Descriptions.Item label={t('store.renew.newExpiry')}>
          <span data-testid="new-expiry">{renewedExpiry(currentExpiry, plan).format('YYYY-MM-DD HH:mm')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('money.total')}>
          <Typography.Text strong style={{ fontSize: 22, color: 'var(--parlour-primary, #fa8c16)' }} data-testid="renew-price">
            {isPriceLoading ? t('common.loading') : price !== undefined && version ? formatMoney(price, version.currency) : t('money.noPrice')}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Space wrap style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" size="large" loading={isSubmitting} disabled={!isPriceLoading && price === undefined}>
          {t('store.renew.submit')}
        </Button>
        <Button size="large" onClick={onBack} disabled={false}>
          {t('common.back')}
        </Button>
      </Space>
    </>
  );
}

/**
 * /merchant/store/renew?shop_id=…: renews a store for a monthly or yearly term with a pay method
 * (spec §2); shows the price and the new expiry first, then goes to the cashier. An unpaid
 * renewal bill that exists already is offered instead ("order exists").
 */
export default function StoreRenewPage() {
  const { t } = useTranslation(['translation', 'validation', 'errors']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const shopId = searchParams.get('shop_id') ?? '';
  const [form] = Form.useForm<RenewFormValues>();
  const shop = useShop(shopId);
  const versions = useVersions(shopId !== '');
  const renewShop = useRenewShop();
  const payBill = usePayBill();
  const [existingBillNo, setExistingBillNo] = useState<string | null>(null);
  const store = shop.data;
  const version = versions.data?.list.find((candidate) => candidate.id === store?.package_id);
  const isLeaving = renewShop.isSuccess || payBill.isPending || payBill.isSuccess;

  const onFinish = (values: RenewFormValues) => {
    const parsed = ZShopRenewInput.safeParse({ shop_id: shopId, pay_method: values.pay_method, ...(values.plan ?? DEFAULT_TERM) });
    if (!parsed.success) return feedback.error(t('validation:form_error'));
    renewShop.mutate(parsed.data, {
      onSuccess: ({ payment }) => leavePageFor(payment.pay_url),
      onError: (error) => {
        if (!isApiError(error) || error.code !== ErrorCode.ORDER_EXISTS) return;
        const billNo = (error.data as { bill_no?: unknown } | null)?.bill_no;
        if (typeof billNo === 'string') setExistingBillNo(billNo);
        else feedback.error(error.message || t('errors:ORDER_EXISTS'));
      },
    });
    return undefined;
  };

  const back = (
    <ButtonLink to={STORE_LIST_PATH} type="primary">
      {t('store.renew.backToList')}
    </ButtonLink>
  );

  let body;
  if (shopId === '' || (shop.isSuccess && store === null)) {
    body = <Result status="404" title={t('store.renew.notFound')} extra={back} />;
  } else if (shop.isError) {
    body = <Result status="warning" title={t('store.renew.loadFailed')} extra={<Button onClick={() => void shop.refetch()}>{t('store.renew.retry')}</Button>} />;
  } else if (!store) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = (
      <Row gutter={[32, 24]}>
        <Col xs={24} lg={10}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>{t('store.renew.storeSection')}</Typography.Title>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 120 } }}>
            <Descriptions.Item label={t('store.fields.shopName')}>{store.shop_name}</Descriptions.Item>
            <Descriptions.Item label={t('store.fields.shopId')}>{store.shop_id}</Descriptions.Item>
            <Descriptions.Item label={t('store.fields.version')}>{store.package_name}</Descriptions.Item>
            <Descriptions.Item label={t('store.fields.status')}>
              <StoreStatusTag status={store.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('store.renew.currentExpiry')}>
              {store.expires_at ? (
                <Flex vertical>
                  <span>{dayjs(store.expires_at).format('YYYY-MM-DD HH:mm')}</span>
                  <ExpiryCountdown to={store.expires_at} />
                </Flex>
              ) : (
                t('store.renew.noExpiry')
              )}
            </Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} lg={14}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>{t('store.renew.termSection')}</Typography.Title>
          <Form<RenewFormValues>
            form={form}
            name="store-renew"
            layout="vertical"
            noValidate
            disabled={renewShop.isPending || isLeaving}
            initialValues={{ plan: DEFAULT_TERM }}
            onFinish={onFinish}
            onFinishFailed={() => feedback.error(t('validation:form_error'))}
          >
            <Form.Item name="plan" label={t('term.term')} required>
              <TermPicker prices={version?.prices} currency={version?.currency} />
            </Form.Item>
            <Form.Item name="pay_method" label={t('payMethod.label')} required rules={[fieldRule(ZShopRenewInput, 'pay_method')]}>
              <PayMethodRadio />
            </Form.Item>
            <Divider style={{ margin: '8px 0 16px' }} />
            <RenewSummary
              currentExpiry={store.status === 'unpaid' ? null : store.expires_at}
              version={version}
              isPriceLoading={versions.isLoading}
              isSubmitting={renewShop.isPending || isLeaving}
              onBack={() => void navigate(STORE_LIST_PATH)}
            />
          </Form>
        </Col>
      </Row>
    );
  }

  return (
    <>
      <PageHeader />
      <div className="page-body">
        <div className="page-card">{body}</div>
      </div>
      <Modal
        open={existingBillNo !== null}
        title={t('errors:ORDER_EXISTS')}
        onCancel={() => setExistingBillNo(null)}
        footer={[
          <Button key="bills" onClick={() => void navigate('/merchant/bill')}>
            {t('store.renew.goToBills')}
          </Button>,
          <Button key="pay" type="primary" loading={payBill.isPending || payBill.isSuccess} onClick={() => existingBillNo && payBill.mutate({ billNo: existingBillNo })}>
            {t('store.renew.payExisting')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('store.renew.orderExists', { billNo: existingBillNo ?? '' })}</Typography.Paragraph>
      </Modal>
    </>
  );
}
