import { ZShopBuyInput, ZShopCreateFields, type TShop, type TStoreVersion } from '@parlour/contract/calls/store';
import type { PayMethod } from '@parlour/contract/constants';
import { Alert, Button, Divider, Flex, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PayMethodRadio } from '@/components/pay-method-radio';
import { DEFAULT_TERM, priceOf, TermPicker, type TermValue } from '@/components/term-picker';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { leavePageFor } from '@/lib/leave-page';
import { formatMoney } from '@/lib/money';
import { useSessionStore } from '@/lib/session-store';
import { shopIdFieldError } from '@/lib/shop-id-errors';
import { useAddShop } from '../api/add-shop';
import { useBuyShop } from '../api/buy-shop';
import { useVersions } from '../api/list-versions';
import { VersionSelect } from './version-select';

/** `trial`: "Create store" (on its version's trial); `buy`: "Create and pay". */
export type CreateMode = 'trial' | 'buy';

interface CreateFormValues {
  shop_name?: string;
  shop_id?: string;
  contact_email?: string;
  package_id?: number;
  plan?: TermValue;
  pay_method?: PayMethod;
}

interface CreateStoreModalProps {
  mode: CreateMode | null;
  onClose: () => void;
  /** Switches the open dialog to the other way of creating (a used trial leads to "create and pay"). */
  onModeChange: (mode: CreateMode) => void;
  /** A trial store was created: it is initialising now. */
  onTrialCreated: (shop: TShop) => void;
}

/** The term, pay method and total of "create and pay", priced from the chosen version. */
function PurchaseFields({ versions }: { versions: TStoreVersion[] }) {
  const { t } = useTranslation();
  const packageId = Form.useWatch<number | undefined>('package_id');
  const plan = Form.useWatch<TermValue | undefined>('plan') ?? DEFAULT_TERM;
  const version = versions.find((candidate) => candidate.id === packageId);
  const price = priceOf(version?.prices, plan);
  return (
    <>
      <Form.Item name="plan" label={t('term.term')} required>
        <TermPicker prices={version?.prices} currency={version?.currency} />
      </Form.Item>
      <Form.Item
        name="pay_method"
        label={t('payMethod.label')}
        required
        rules={[fieldRule(ZShopBuyInput, 'pay_method')]}
      >
        <PayMethodRadio />
      </Form.Item>
      <Divider style={{ margin: '8px 0 12px' }} />
      <Flex justify="space-between" align="baseline" className="price-summary">
        <Typography.Text type="secondary">{t('money.total')}</Typography.Text>
        <Typography.Text strong style={{ fontSize: 20 }} data-testid="buy-total">
          {version ? (price !== undefined ? formatMoney(price, version.currency) : t('money.noPrice')) : '—'}
        </Typography.Text>
      </Flex>
    </>
  );
}

/** The create-store form in a dialog: a trial store, or a store bought for a term and paid at the cashier. */
export function CreateStoreModal({ mode, onClose, onModeChange, onTrialCreated }: CreateStoreModalProps) {
  const { t } = useTranslation(['translation', 'validation', 'errors']);
  const [form] = Form.useForm<CreateFormValues>();
  const email = useSessionStore((state) => state.merchant.info?.email ?? '');
  const versions = useVersions(mode !== null);
  const addShop = useAddShop();
  const buyShop = useBuyShop();
  const isBuying = mode === 'buy';
  const isPending = addShop.isPending || buyShop.isPending;
  const allowance = versions.data;
  const isTrialUsed = allowance?.is_trial_available === false;
  const hasTrialVersion = (allowance?.list ?? []).some((candidate) => candidate.trial_days > 0);
  const isAtLimit = allowance ? allowance.store_count >= allowance.store_limit : false;
  // Said before the form is filled, in the order the server would refuse: the limit, then the trial.
  const blocker = !allowance
    ? null
    : isAtLimit
      ? 'limit'
      : isBuying
        ? null
        : isTrialUsed
          ? 'trialUsed'
          : !hasTrialVersion
            ? 'noTrial'
            : null;

  // A taken or reserved store ID is said on its field.
  const showShopIdTaken = (error: unknown) => {
    const field = shopIdFieldError(error);
    if (field) form.setFields([field]);
  };

  const onFinish = (values: CreateFormValues) => {
    if (mode === 'trial') {
      const parsed = ZShopCreateFields.safeParse(values);
      if (!parsed.success) return feedback.error(t('validation:form_error'));
      addShop.mutate(parsed.data, {
        onSuccess: (shop) => {
          feedback.success(t('store.create.trialCreated'));
          onTrialCreated(shop);
        },
        onError: showShopIdTaken,
      });
      return undefined;
    }
    const parsed = ZShopBuyInput.safeParse({ ...values, ...(values.plan ?? DEFAULT_TERM) });
    if (!parsed.success) return feedback.error(t('validation:form_error'));
    buyShop.mutate(parsed.data, {
      onSuccess: ({ payment }) => leavePageFor(payment.pay_url),
      onError: showShopIdTaken,
    });
    return undefined;
  };

  return (
    <Modal
      open={mode !== null}
      title={isBuying ? t('store.create.buyTitle') : t('store.create.trialTitle')}
      onCancel={onClose}
      okText={isBuying ? t('store.create.buySubmit') : t('store.create.trialSubmit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: isPending, disabled: blocker !== null }}
      cancelButtonProps={{ disabled: isPending }}
      mask={{ closable: !isPending }}
      closable={!isPending}
      destroyOnHidden
      width={560}
    >
      {!isBuying ? <Typography.Paragraph type="secondary">{t('store.create.trialHint')}</Typography.Paragraph> : null}
      {blocker === 'limit' && allowance ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('store.create.limitReached', { limit: allowance.store_limit })}
          description={t('store.create.limitReachedDetail', { limit: allowance.store_limit })}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {blocker === 'trialUsed' ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('store.create.trialUsedTitle')}
          description={t('store.create.trialUsedDetail')}
          action={
            <Button size="small" type="primary" onClick={() => onModeChange('buy')}>
              {t('store.create.buyButton')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {blocker === 'noTrial' ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('store.create.noTrialVersions')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<CreateFormValues>
        form={form}
        name={isBuying ? 'store-buy' : 'store-create'}
        layout="vertical"
        requiredMark
        noValidate
        preserve={false}
        disabled={isPending}
        initialValues={{ contact_email: email, plan: DEFAULT_TERM }}
        onFinish={onFinish}
        onFinishFailed={() => feedback.error(t('validation:form_error'))}
      >
        <Form.Item
          name="shop_name"
          label={t('store.fields.shopName')}
          required
          rules={[fieldRule(ZShopCreateFields, 'shop_name')]}
        >
          <Input maxLength={50} placeholder={t('store.form.shopNamePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="shop_id"
          label={t('store.fields.shopId')}
          required
          extra={t('store.form.shopIdHint')}
          rules={[fieldRule(ZShopCreateFields, 'shop_id')]}
          normalize={(value: string) => value.toLowerCase()}
        >
          <Input maxLength={20} placeholder={t('store.form.shopIdPlaceholder')} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="contact_email"
          label={t('store.fields.contactEmail')}
          required
          rules={[fieldRule(ZShopCreateFields, 'contact_email')]}
        >
          <Input type="email" placeholder={t('store.form.contactEmailPlaceholder')} autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="package_id"
          label={t('store.fields.version')}
          required
          rules={[fieldRule(ZShopCreateFields, 'package_id')]}
        >
          <VersionSelect
            versions={versions.data?.list ?? []}
            isLoading={versions.isLoading}
            mode={mode ?? 'trial'}
            isTrialUsed={isTrialUsed}
          />
        </Form.Item>
        {isBuying ? <PurchaseFields versions={versions.data?.list ?? []} /> : null}
      </Form>
    </Modal>
  );
}
