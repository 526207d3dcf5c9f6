import {
  PLAN_API_USAGE_MAX_LENGTH,
  PLAN_NAME_MAX_LENGTH,
  PLAN_TEXT_RULES,
  ZPlanFields,
  ZPlanAddInput,
  type TAdminTrafficPlan,
} from '@parlour/contract/calls/traffic';
import { DEFAULT_CURRENCY } from '@parlour/contract/constants';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import { Col, Form, Input, InputNumber, Modal, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { emptyLocalizedText, LocalizedTextField } from '@/components/localized-text-field';
import { feedback } from '@/lib/feedback';
import { fieldRule, issueMessage } from '@/lib/form-rules';
import { minorDigits } from '@/lib/money';
import { useSavePlan } from '../api/save-plan';

interface PlanValues {
  name?: TLocalizedText;
  is_general?: boolean;
  units?: number | null;
  valid_days?: number | null;
  /** Major units (yuan) as typed. */
  price?: number | null;
  original_price?: number | null;
  currency?: string;
  api_usage?: TLocalizedText;
  status?: 'enabled' | 'disabled';
  sort?: number | null;
}

const toMinor = (major: number | null | undefined, currency: string) =>
  typeof major === 'number' ? Math.round(major * 10 ** minorDigits(currency)) : Number.NaN;
const toMajor = (minor: number, currency: string) => minor / 10 ** minorDigits(currency);

function initialValues(plan: TAdminTrafficPlan | null): PlanValues {
  if (!plan) {
    return {
      name: emptyLocalizedText(),
      is_general: true,
      units: 10000,
      valid_days: 30,
      price: null,
      original_price: null,
      currency: DEFAULT_CURRENCY,
      api_usage: emptyLocalizedText(),
      status: 'enabled',
      sort: 0,
    };
  }
  return {
    name: plan.localized.name,
    is_general: plan.is_general,
    units: plan.units,
    valid_days: plan.valid_days,
    price: toMajor(plan.price, plan.currency),
    original_price: toMajor(plan.original_price, plan.currency),
    currency: plan.currency,
    api_usage: plan.localized.api_usage,
    status: plan.status,
    sort: plan.sort,
  };
}

/** Adds a traffic package plan (`plan` null) or edits one; prices are typed in yuan and sent as fen. */
export function PlanFormModal({
  plan,
  isOpen,
  onClose,
}: {
  plan: TAdminTrafficPlan | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<PlanValues>();
  const save = useSavePlan();
  const isNew = plan === null;
  const currencyOf = () =>
    String(form.getFieldValue('currency') ?? DEFAULT_CURRENCY)
      .trim()
      .toUpperCase() || DEFAULT_CURRENCY;

  const toInput = (values: PlanValues) => {
    const currency = (values.currency ?? DEFAULT_CURRENCY).trim().toUpperCase();
    return {
      ...(plan ? { id: plan.id } : {}),
      name: values.name,
      is_general: values.is_general ?? true,
      units: values.units,
      valid_days: values.valid_days,
      price: toMinor(values.price, currency),
      original_price: toMinor(values.original_price, currency),
      currency,
      api_usage: values.api_usage ?? emptyLocalizedText(),
      status: values.status,
      sort: values.sort ?? 0,
    };
  };

  const onFinish = (values: PlanValues) => {
    const parsed = ZPlanAddInput.safeParse(toInput(values));
    if (!parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        feedback.success(
          isNew
            ? t('trafficPackage.admin.created', { name: saved.name })
            : t('trafficPackage.admin.saved', { name: saved.name }),
        );
        onClose();
      },
    });
  };

  /** A money field: its own rule on the minor units, and for the price, not above the original price. */
  const moneyRule = (field: 'price' | 'original_price') => ({
    validator: async (_rule: unknown, value: number | null | undefined) => {
      const minor = toMinor(value, currencyOf());
      const own = ZPlanFields.shape[field].safeParse(minor);
      // The contract's message speaks of minor units; the operator types yuan.
      if (!own.success) throw new Error(t('trafficPackage.admin.amountInvalid'));
      if (field === 'price') {
        const original = toMinor(form.getFieldValue('original_price') as number | null, currencyOf());
        if (Number.isFinite(original) && minor > original)
          throw new Error(issueMessage({ message: 'price_above_original', path: ['price'] }));
      }
    },
  });

  return (
    <Modal
      open={isOpen}
      title={isNew ? t('trafficPackage.admin.addTitle') : t('trafficPackage.admin.editTitle', { name: plan.name })}
      okText={isNew ? t('trafficPackage.admin.create') : t('trafficPackage.admin.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      cancelButtonProps={{ disabled: save.isPending }}
      mask={{ closable: !save.isPending }}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        name="admin_plan_form"
        layout="vertical"
        noValidate
        preserve={false}
        initialValues={initialValues(plan)}
        onFinish={onFinish}
        onFinishFailed={() => feedback.error(t('validation:form_error'))}
        disabled={save.isPending}
      >
        <Row gutter={16}>
          <Col xs={24} sm={14}>
            <LocalizedTextField
              name="name"
              label={t('trafficPackage.admin.field.name')}
              rule={PLAN_TEXT_RULES.name}
              renderInput={(lang, language) => (
                <Input
                  maxLength={PLAN_NAME_MAX_LENGTH}
                  prefix={<span className="localized-text-field__lang">{language}</span>}
                  aria-label={`${t('trafficPackage.admin.field.name')} (${language})`}
                  placeholder={lang === 'zh-CN' ? t('trafficPackage.admin.namePlaceholder') : undefined}
                />
              )}
            />
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item
              name="is_general"
              label={t('trafficPackage.admin.field.kind')}
              required
              extra={t('trafficPackage.admin.kindHint')}
            >
              <Radio.Group
                optionType="button"
                options={[
                  { value: true, label: t('trafficPackage.kind.general') },
                  { value: false, label: t('trafficPackage.kind.store') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="units"
              label={t('trafficPackage.admin.field.units')}
              required
              rules={[fieldRule(ZPlanFields, 'units')]}
            >
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="valid_days"
              label={t('trafficPackage.admin.field.validDays')}
              required
              rules={[fieldRule(ZPlanFields, 'valid_days')]}
            >
              <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={9}>
            <Form.Item
              name="price"
              label={t('trafficPackage.admin.field.price')}
              required
              dependencies={['original_price', 'currency']}
              rules={[moneyRule('price')]}
            >
              <InputNumber min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={9}>
            <Form.Item
              name="original_price"
              label={t('trafficPackage.admin.field.originalPrice')}
              required
              dependencies={['currency']}
              rules={[moneyRule('original_price')]}
            >
              <InputNumber min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={6}>
            <Form.Item
              name="currency"
              label={t('trafficPackage.admin.field.currency')}
              rules={[fieldRule(ZPlanFields, 'currency')]}
              normalize={(value: string) => value.toUpperCase()}
            >
              <Input maxLength={3} />
            </Form.Item>
          </Col>
        </Row>
        <LocalizedTextField
          name="api_usage"
          label={t('trafficPackage.admin.field.apiUsage')}
          rule={PLAN_TEXT_RULES.api_usage}
          renderInput={(lang, language) => (
            <Input.TextArea
              aria-label={`${t('trafficPackage.admin.field.apiUsage')} (${language})`}
              maxLength={PLAN_API_USAGE_MAX_LENGTH}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={lang === 'zh-CN' ? t('trafficPackage.admin.apiUsagePlaceholder') : language}
            />
          )}
        />
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="sort"
              label={t('trafficPackage.admin.field.sort')}
              rules={[fieldRule(ZPlanFields, 'sort')]}
              extra={t('trafficPackage.admin.sortHint')}
            >
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('trafficPackage.admin.field.status')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'enabled', label: t('trafficPackage.planStatus.enabled') },
                  { value: 'disabled', label: t('trafficPackage.planStatus.disabled') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
