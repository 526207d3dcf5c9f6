import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  isOfferedTerm,
  renewalVersionChoices,
  ZAdminShopRenewInput,
  type TAdminShop,
} from '@parlour/contract/calls/store';
import type { StoreStatus } from '@parlour/contract/constants';
import type { Dayjs } from 'dayjs';
import { Button, Descriptions, Form, Input, Result, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/button-link';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { PageHeader } from '@/components/page-header';
import { StoreStatusTag } from '@/components/store-status-tag';
import { DEFAULT_TERM, priceOf, TermPicker, termLabel, type TermValue } from '@/components/term-picker';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { issueMessage } from '@/lib/form-rules';
import { formatMoney } from '@/lib/money';
import { useAdminShops } from '../api/admin-list-shops';
import { useShopVersions } from '@/lib/api/list-shop-versions';
import { useRenewAdminShop } from '../api/admin-renew-shop';

const LIST_PATH = '/admin/store';
/** Stores that cannot be renewed yet: waiting for their first payment, or being set up (the API refuses both). */
const UNRENEWABLE: readonly StoreStatus[] = ['unpaid', 'initializing'];

interface RenewValues {
  term_value: TermValue;
  /** The version after the renewal: the store's own (the default), or a listed higher one to move up to. */
  package_id?: number;
  remark?: string;
}

const formatTime = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—');

/**
 * The expiry a renewal leads to: the term added to the current expiry, or to now when the store
 * has none yet or it has passed (a store in its grace period restarts from today).
 */
export function expiryAfterRenewal(expiresAt: string | null, term: TermValue, now = dayjs()): Dayjs {
  const current = expiresAt ? dayjs(expiresAt) : null;
  const from = current && current.isAfter(now) ? current : now;
  return from.add(term.term, term.term_type);
}

/** /admin/store/renew?shop_id=…: the operator records a renewal paid offline. */
export default function AdminStoreRenewPage() {
  const { t } = useTranslation(['translation', 'validation']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const shopId = searchParams.get('shop_id')?.trim() ?? '';
  const [form] = Form.useForm<RenewValues>();
  // The list's keyword matches the store ID too; the exact match is the store.
  const shops = useAdminShops({ keyword: shopId || undefined, page: 1, limit: 20 });
  const shop: TAdminShop | undefined = shopId ? shops.data?.list.find((item) => item.shop_id === shopId) : undefined;
  const versions = useShopVersions({ isEnabled: Boolean(shop) });
  const currentVersion = versions.data?.list.find((item) => item.id === shop?.package_id);
  // The merchant's rule: the store's own version, or a listed higher one (isHigherVersion).
  const versionChoices =
    currentVersion && versions.data ? renewalVersionChoices(versions.data.list, currentVersion) : [];
  // The store arrives after the form is mounted: its version is the default then, unless one was chosen already.
  const shopVersionId = shop?.package_id;
  useEffect(() => {
    if (shopVersionId !== undefined && !form.isFieldTouched('package_id'))
      form.setFieldValue('package_id', shopVersionId);
  }, [shopVersionId, form]);
  const chosenId = Form.useWatch('package_id', form) ?? shopVersionId;
  const version = versionChoices.find((item) => item.id === chosenId) ?? currentVersion;
  const isUpgrade = version !== undefined && currentVersion !== undefined && version.id !== currentVersion.id;
  const renew = useRenewAdminShop();
  const termValue = Form.useWatch('term_value', form) ?? DEFAULT_TERM;
  const amount = priceOf(version?.prices, termValue);

  const back = (
    <ButtonLink to={LIST_PATH} icon={<ArrowLeftOutlined />}>
      {t('adminStore.renew.backToList')}
    </ButtonLink>
  );

  if (!shopId || (!shops.isPending && !shop)) {
    return (
      <>
        <PageHeader />
        <div className="page-body">
          <div className="page-card">
            <Result
              status="warning"
              title={t('adminStore.renew.notFound')}
              subTitle={shopId ? t('adminStore.renew.notFoundHint', { shopId }) : undefined}
              extra={back}
            />
          </div>
        </div>
      </>
    );
  }

  const onFinish = (values: RenewValues) => {
    const target =
      values.package_id !== undefined && values.package_id !== shop?.package_id
        ? { package_id: values.package_id }
        : {};
    const parsed = ZAdminShopRenewInput.safeParse({
      shop_id: shopId,
      ...target,
      ...values.term_value,
      remark: values.remark ?? '',
    });
    if (!parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    renew.mutate(parsed.data, {
      onSuccess: ({ shop: renewed }) => {
        feedback.success(
          t('adminStore.renew.success', { name: renewed.shop_name, time: formatTime(renewed.expires_at) }),
        );
        void navigate(LIST_PATH);
      },
    });
  };

  const isRenewable = shop ? !UNRENEWABLE.includes(shop.status) : false;

  return (
    <>
      <PageHeader extra={back} />
      <div className="page-body admin-page">
        <section className="page-card" aria-label={t('adminStore.renew.summary')}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('adminStore.renew.summary')}
          </Typography.Title>
          {shop ? (
            <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
              <Descriptions.Item label={t('adminStore.field.shopName')}>{shop.shop_name}</Descriptions.Item>
              <Descriptions.Item label={t('adminStore.field.shopId')}>{shop.shop_id}</Descriptions.Item>
              <Descriptions.Item label={t('adminStore.column.merchant')}>
                {shop.merchant_account} ({t('adminStore.merchantIdValue', { id: shop.merchant_id })})
              </Descriptions.Item>
              <Descriptions.Item label={t('adminStore.field.version')}>{shop.package_name}</Descriptions.Item>
              <Descriptions.Item label={t('adminStore.column.status')}>
                <StoreStatusTag status={shop.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('adminStore.column.expiresAt')}>
                <Space size={8} wrap>
                  <span>{formatTime(shop.expires_at)}</span>
                  {shop.expires_at ? <ExpiryCountdown to={shop.expires_at} /> : null}
                </Space>
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Skeleton active paragraph={{ rows: 3 }} />
          )}
        </section>
        <section className="page-card" style={{ marginTop: 16 }} aria-label={t('adminStore.renew.formTitle')}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('adminStore.renew.formTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('adminStore.renew.offlineHint')}</Typography.Paragraph>
          <Form
            form={form}
            name="admin_renew_shop"
            layout="vertical"
            noValidate
            initialValues={{ term_value: DEFAULT_TERM, package_id: shop?.package_id, remark: '' }}
            onFinish={onFinish}
            onFinishFailed={() => feedback.error(t('validation:form_error'))}
            disabled={renew.isPending || !shop || !isRenewable}
            style={{ maxWidth: 640 }}
          >
            <Form.Item
              name="package_id"
              label={t('adminStore.renew.version')}
              extra={
                isUpgrade && version
                  ? t('adminStore.renew.upgradeHint', { name: version.name })
                  : t('adminStore.renew.versionHint')
              }
            >
              <Select
                loading={versions.isPending}
                style={{ maxWidth: 320 }}
                options={versionChoices.map((item) => ({
                  value: item.id,
                  label:
                    item.id === currentVersion?.id ? t('store.renew.currentVersion', { name: item.name }) : item.name,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="term_value"
              label={t('term.term')}
              rules={[
                {
                  validator: async (_rule, value?: TermValue) => {
                    if (!value || !isOfferedTerm(value.term_type, value.term))
                      throw new Error(issueMessage({ message: 'term_invalid', path: ['term'] }));
                  },
                },
              ]}
            >
              <TermPicker prices={version?.prices} currency={version?.currency} />
            </Form.Item>
            <Form.Item name="remark" label={t('adminStore.field.remark')}>
              <Input.TextArea
                maxLength={200}
                showCount
                autoSize={{ minRows: 2, maxRows: 4 }}
                placeholder={t('adminStore.renew.remarkPlaceholder')}
              />
            </Form.Item>
            {shop ? (
              <Descriptions column={1} size="small" bordered style={{ marginBottom: 24 }} className="renew-summary">
                <Descriptions.Item label={t('adminStore.renew.version')}>
                  <span data-testid="renew-version">{version?.name ?? shop.package_name}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('adminStore.renew.term')}>{termLabel(t, termValue)}</Descriptions.Item>
                <Descriptions.Item label={t('adminStore.renew.amount')}>
                  {amount !== undefined && version ? formatMoney(amount, version.currency) : t('money.noPrice')}
                </Descriptions.Item>
                <Descriptions.Item label={t('adminStore.renew.newExpiry')}>
                  <Typography.Text strong>
                    {expiryAfterRenewal(shop.expires_at, termValue).format('YYYY-MM-DD HH:mm')}
                  </Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            ) : null}
            {shop && !isRenewable ? (
              <Typography.Paragraph type="warning">{t('adminStore.renew.notRenewable')}</Typography.Paragraph>
            ) : null}
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={renew.isPending}>
                {t('adminStore.renew.submit')}
              </Button>
              <Button onClick={() => void navigate(LIST_PATH)} disabled={renew.isPending}>
                {t('common.cancel')}
              </Button>
            </Space>
          </Form>
        </section>
      </div>
    </>
  );
}
