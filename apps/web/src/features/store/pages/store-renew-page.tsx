import { renewalVersionChoices, ZShopRenewInput, type TStoreVersion } from '@parlour/contract/calls/store';
import type { PayMethod } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import {
  Button,
  Col,
  Descriptions,
  Divider,
  Flex,
  Form,
  Modal,
  Radio,
  Result,
  Row,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
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
import { useOpenCashier } from '@/lib/open-cashier';
import { useVersions } from '../api/list-versions';
import { useRenewShop } from '../api/renew-shop';

const STORE_LIST_PATH = '/merchant/store';

interface RenewFormValues {
  plan?: TermValue;
  pay_method?: PayMethod;
  /** The version after the renewal: the store's own, or a higher one to move up to. */
  package_id?: number;
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
  /** Shown when the renewal moves the store to another version. */
  isUpgrade: boolean;
  isPriceLoading: boolean;
  isSubmitting: boolean;
  onBack: () => void;
}

/** The chosen term, the expiry it gives and its price, then the submit button (inside the form, watching its term). */
function RenewSummary({ currentExpiry, version, isUpgrade, isPriceLoading, isSubmitting, onBack }: RenewSummaryProps) {
  const { t } = useTranslation();
  const plan = Form.useWatch<TermValue | undefined>('plan') ?? DEFAULT_TERM;
  const price = priceOf(version?.prices, plan);
  return (
    <>
      <Descriptions column={1} size="small" className="renew-summary">
        {isUpgrade && version ? (
          <Descriptions.Item label={t('store.renew.chosenVersion')}>
            <span data-testid="renew-version">{version.name}</span>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('store.renew.chosenTerm')}>{termLabel(t, plan)}</Descriptions.Item>
        <Descriptions.Item label={t('store.renew.newExpiry')}>
          <span data-testid="new-expiry">{renewedExpiry(currentExpiry, plan).format('YYYY-MM-DD HH:mm')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('money.total')}>
          <Typography.Text
            strong
            style={{ fontSize: 22, color: 'var(--parlour-primary, #fa8c16)' }}
            data-testid="renew-price"
          >
            {isPriceLoading
              ? t('common.loading')
              : price !== undefined && version
                ? formatMoney(price, version.currency)
                : t('money.noPrice')}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Space wrap style={{ marginTop: 16 }}>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          loading={isSubmitting}
          disabled={!isPriceLoading && price === undefined}
        >
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
 * /merchant/store/renew?shop_id=…[&version=…]: renews a store for a monthly or yearly term with a pay
 * method (spec §2), optionally into a higher version (isHigherVersion; `version` preselects one, as
 * the plugin market's "renew into a higher version" link does); shows the price of the chosen
 * version and term and the new expiry first, then goes to the cashier. An unpaid renewal bill that
 * exists already is offered instead ("order exists").
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
  const payBill = useOpenCashier();
  const [existingBillNo, setExistingBillNo] = useState<string | null>(null);
  const store = shop.data;
  const currentVersion = versions.data?.list.find((candidate) => candidate.id === store?.package_id);
  // A store still unpaid renews its own version; a running one may move up to a listed higher one.
  const higherVersions =
    !currentVersion || store?.status === 'unpaid'
      ? []
      : renewalVersionChoices(versions.data?.list ?? [], currentVersion).slice(1);
  const requestedId = Number(searchParams.get('version'));
  const linkedId = higherVersions.find((candidate) => candidate.id === requestedId)?.id;
  const preselectedId = linkedId ?? store?.package_id;
  // The versions may arrive after the form is mounted: the one from the link is chosen then, unless the merchant chose already.
  useEffect(() => {
    if (linkedId !== undefined && !form.isFieldTouched('package_id')) form.setFieldValue('package_id', linkedId);
  }, [linkedId, form]);
  const chosenId = Form.useWatch('package_id', form) ?? preselectedId;
  const version = versions.data?.list.find((candidate) => candidate.id === chosenId) ?? currentVersion;
  const isUpgrade = version !== undefined && currentVersion !== undefined && version.id !== currentVersion.id;
  const isLeaving = renewShop.isSuccess || payBill.isPending || payBill.isSuccess;

  const onFinish = (values: RenewFormValues) => {
    const target =
      values.package_id !== undefined && values.package_id !== store?.package_id
        ? { package_id: values.package_id }
        : {};
    const parsed = ZShopRenewInput.safeParse({
      shop_id: shopId,
      pay_method: values.pay_method,
      ...target,
      ...(values.plan ?? DEFAULT_TERM),
    });
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
    body = (
      <Result
        status="warning"
        title={t('store.renew.loadFailed')}
        extra={<Button onClick={() => void shop.refetch()}>{t('store.renew.retry')}</Button>}
      />
    );
  } else if (!store) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    body = (
      <Row gutter={[32, 24]}>
        <Col xs={24} lg={10}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('store.renew.storeSection')}
          </Typography.Title>
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
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('store.renew.termSection')}
          </Typography.Title>
          <Form<RenewFormValues>
            form={form}
            name="store-renew"
            layout="vertical"
            noValidate
            disabled={renewShop.isPending || isLeaving}
            initialValues={{ plan: DEFAULT_TERM, package_id: preselectedId }}
            onFinish={onFinish}
            onFinishFailed={() => feedback.error(t('validation:form_error'))}
          >
            {currentVersion && higherVersions.length > 0 ? (
              <Form.Item
                name="package_id"
                label={t('store.renew.versionLabel')}
                extra={isUpgrade && version ? t('store.renew.upgradeHint', { name: version.name }) : undefined}
              >
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={[currentVersion, ...higherVersions].map((candidate) => ({
                    value: candidate.id,
                    label:
                      candidate.id === currentVersion.id
                        ? t('store.renew.currentVersion', { name: candidate.name })
                        : candidate.name,
                  }))}
                />
              </Form.Item>
            ) : null}
            <Form.Item name="plan" label={t('term.term')} required>
              <TermPicker prices={version?.prices} currency={version?.currency} />
            </Form.Item>
            <Form.Item
              name="pay_method"
              label={t('payMethod.label')}
              required
              rules={[fieldRule(ZShopRenewInput, 'pay_method')]}
            >
              <PayMethodRadio />
            </Form.Item>
            <Divider style={{ margin: '8px 0 16px' }} />
            <RenewSummary
              currentExpiry={store.status === 'unpaid' ? null : store.expires_at}
              version={version}
              isUpgrade={isUpgrade}
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
          <Button
            key="pay"
            type="primary"
            loading={payBill.isPending || payBill.isSuccess}
            onClick={() => existingBillNo && payBill.mutate({ billNo: existingBillNo })}
          >
            {t('store.renew.payExisting')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('store.renew.orderExists', { billNo: existingBillNo ?? '' })}</Typography.Paragraph>
      </Modal>
    </>
  );
}
