import {
  isOfferedTerm,
  ZAdminShopAddInput,
  ZShopCreateFields,
  type TStoreVersion,
} from '@parlour/contract/calls/store';
import { SHOP_ID_MAX_LENGTH } from '@parlour/contract/constants';
import { Alert, Form, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { DEFAULT_TERM, priceOf, TermPicker, type TermValue } from '@/components/term-picker';
import { feedback } from '@/lib/feedback';
import { fieldRule, issueMessage } from '@/lib/form-rules';
import { formatMoney } from '@/lib/money';
import { shopIdFieldError } from '@/lib/shop-id-errors';
import { useAddAdminShop } from '../api/admin-add-shop';
import { useShopVersions } from '@/lib/api/list-shop-versions';
import { MerchantSelect } from './merchant-select';

type Mode = 'trial' | 'offline';

interface AddShopValues {
  merchant_id?: number | null;
  shop_name?: string;
  shop_id?: string;
  contact_email?: string;
  package_id?: number;
  mode: Mode;
  term_value: TermValue;
  remark?: string;
}

const INITIAL_VALUES: Partial<AddShopValues> = { mode: 'trial', term_value: DEFAULT_TERM, remark: '' };

function versionLabel(
  version: TStoreVersion,
  t: (key: 'adminStore.add.trialDays', options: { count: number }) => string,
) {
  return version.trial_days > 0
    ? `${version.name} · ${t('adminStore.add.trialDays', { count: version.trial_days })}`
    : version.name;
}

/**
 * "Add store" for a merchant: the store fields of the merchant's own form plus the merchant, and
 * how it starts: the version's trial, or a term paid offline (the API records it as a paid bill).
 */
export function AddShopModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<AddShopValues>();
  const versions = useShopVersions({ isEnabled: isOpen });
  const addAdminShop = useAddAdminShop();
  const mode = Form.useWatch('mode', form) ?? 'trial';
  const packageId = Form.useWatch('package_id', form);
  // preserve: the term field only exists in offline mode, and the watch starts before it does.
  const termValue = Form.useWatch('term_value', { form, preserve: true }) ?? DEFAULT_TERM;
  const version = versions.data?.list.find((item) => item.id === packageId);
  const amount = priceOf(version?.prices, termValue);

  const onFinish = (values: AddShopValues) => {
    const parsed = ZAdminShopAddInput.safeParse({
      merchant_id: values.merchant_id ?? undefined,
      shop_name: values.shop_name,
      shop_id: values.shop_id,
      contact_email: values.contact_email,
      package_id: values.package_id,
      mode: values.mode,
      ...(values.mode === 'offline' ? values.term_value : {}),
      remark: values.remark ?? '',
    });
    if (!parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    addAdminShop.mutate(parsed.data, {
      onSuccess: (shop) => {
        feedback.success(t('adminStore.add.success', { name: shop.shop_name }));
        onClose();
      },
      onError: (error) => {
        const field = shopIdFieldError(error);
        if (field) form.setFields([field]);
      },
    });
  };

  return (
    <FormModal<AddShopValues>
      isOpen={isOpen}
      title={t('adminStore.add.title')}
      okText={t('adminStore.add.submit')}
      onClose={onClose}
      isPending={addAdminShop.isPending}
      width={600}
      form={form}
      name="admin_add_shop"
      initialValues={INITIAL_VALUES}
      onFinish={onFinish}
    >
      <Form.Item
        name="merchant_id"
        label={t('adminStore.add.merchant')}
        extra={t('adminStore.add.merchantHint')}
        rules={[fieldRule(ZAdminShopAddInput, 'merchant_id')]}
      >
        <MerchantSelect isEnabled={isOpen} />
      </Form.Item>
      <Form.Item
        name="shop_name"
        label={t('adminStore.field.shopName')}
        rules={[fieldRule(ZShopCreateFields, 'shop_name')]}
      >
        <Input maxLength={50} placeholder={t('adminStore.add.shopNamePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="shop_id"
        label={t('adminStore.field.shopId')}
        extra={t('adminStore.add.shopIdHint', { max: SHOP_ID_MAX_LENGTH })}
        rules={[fieldRule(ZShopCreateFields, 'shop_id')]}
      >
        <Input maxLength={SHOP_ID_MAX_LENGTH} autoComplete="off" placeholder={t('adminStore.add.shopIdPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="contact_email"
        label={t('adminStore.field.contactEmail')}
        rules={[fieldRule(ZShopCreateFields, 'contact_email')]}
      >
        <Input type="email" autoComplete="off" placeholder="name@example.com" />
      </Form.Item>
      <Form.Item
        name="package_id"
        label={t('adminStore.field.version')}
        rules={[fieldRule(ZShopCreateFields, 'package_id')]}
      >
        <Select
          loading={versions.isPending}
          placeholder={t('adminStore.add.versionPlaceholder')}
          options={(versions.data?.list ?? []).map((item) => ({ value: item.id, label: versionLabel(item, t) }))}
          notFoundContent={versions.isPending ? t('common.loading') : t('adminStore.add.noVersions')}
        />
      </Form.Item>
      <Form.Item name="mode" label={t('adminStore.field.mode')}>
        <Radio.Group
          options={[
            { value: 'trial', label: t('adminStore.mode.trial') },
            { value: 'offline', label: t('adminStore.mode.offline') },
          ]}
        />
      </Form.Item>
      {mode === 'trial' && version && version.trial_days === 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('adminStore.add.noTrial', { name: version.name })}
        />
      ) : null}
      {mode === 'offline' ? (
        <>
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
          <Typography.Paragraph type="secondary">
            {amount !== undefined && version
              ? t('adminStore.add.offlineAmount', { amount: formatMoney(amount, version.currency) })
              : t('adminStore.add.offlineHint')}
          </Typography.Paragraph>
        </>
      ) : null}
      <Form.Item name="remark" label={t('adminStore.field.remark')}>
        <Input.TextArea
          maxLength={200}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('adminStore.add.remarkPlaceholder')}
        />
      </Form.Item>
    </FormModal>
  );
}
