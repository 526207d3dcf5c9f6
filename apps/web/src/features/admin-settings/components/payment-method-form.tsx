import { ApiOutlined } from '@ant-design/icons';
import {
  PAYMENT_ENVIRONMENTS,
  PAYMENT_SECRET_FIELDS,
  ZAlipaySettingsInput,
  ZPaypalSettingsInput,
  ZWechatPaySettingsInput,
  type TPaymentSettings,
  type TSetPaymentSettingsInput,
} from '@parlour/contract/calls/payment-settings';
import type { PayMethod } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { Alert, Button, Card, Col, Form, Input, Modal, Radio, Row, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { useSetPaymentSettings, useTestPaymentConnection } from '../api/payment-settings';
import { SaveButton } from './save-button';
import { SecretInput } from './secret-field';

/** How a credential is typed: one line, several lines (public keys), or a write-only secret. */
type FieldKind = 'text' | 'multiline' | 'secret' | 'multilineSecret';
type FieldName =
  | 'app_id'
  | 'merchant_id'
  | 'merchant_serial_no'
  | 'api_v3_key'
  | 'merchant_private_key'
  | 'platform_public_key_id'
  | 'platform_public_key'
  | 'seller_id'
  | 'app_private_key'
  | 'alipay_public_key'
  | 'client_id'
  | 'client_secret'
  | 'webhook_id'
  | 'currency'
  | 'rate';
type HintKey =
  `adminSettings.payment.hint.${'merchant_private_key' | 'platform_public_key' | 'app_private_key' | 'alipay_public_key' | 'currency' | 'rate'}`;
interface FieldSpec {
  name: FieldName;
  kind: FieldKind;
  /** Half a row at 1440 px; multi-line keys take the whole row. */
  isWide?: boolean;
  placeholder?: string;
  hint?: HintKey;
}

const SCHEMAS = {
  wechat: ZWechatPaySettingsInput,
  alipay: ZAlipaySettingsInput,
  paypal: ZPaypalSettingsInput,
} as const;

/** The credentials each method's contract declares, in the order its provider's console shows them. */
const FIELDS: Record<PayMethod, FieldSpec[]> = {
  wechat: [
    { name: 'app_id', kind: 'text', placeholder: 'wx0000000000000000' },
    { name: 'merchant_id', kind: 'text', placeholder: '1900000001' },
    { name: 'merchant_serial_no', kind: 'text' },
    { name: 'api_v3_key', kind: 'secret' },
    {
      name: 'merchant_private_key',
      kind: 'multilineSecret',
      isWide: true,
      hint: 'adminSettings.payment.hint.merchant_private_key',
    },
    { name: 'platform_public_key_id', kind: 'text', placeholder: 'PUB_KEY_ID_…' },
    {
      name: 'platform_public_key',
      kind: 'multiline',
      isWide: true,
      placeholder: '-----BEGIN PUBLIC KEY-----',
      hint: 'adminSettings.payment.hint.platform_public_key',
    },
  ],
  alipay: [
    { name: 'app_id', kind: 'text', placeholder: '2021000000000000' },
    { name: 'seller_id', kind: 'text', placeholder: '2088000000000000' },
    {
      name: 'app_private_key',
      kind: 'multilineSecret',
      isWide: true,
      hint: 'adminSettings.payment.hint.app_private_key',
    },
    {
      name: 'alipay_public_key',
      kind: 'multiline',
      isWide: true,
      hint: 'adminSettings.payment.hint.alipay_public_key',
    },
  ],
  paypal: [
    { name: 'client_id', kind: 'text' },
    { name: 'client_secret', kind: 'secret' },
    { name: 'webhook_id', kind: 'text' },
    { name: 'currency', kind: 'text', placeholder: 'USD', hint: 'adminSettings.payment.hint.currency' },
    { name: 'rate', kind: 'text', placeholder: '0.14', hint: 'adminSettings.payment.hint.rate' },
  ],
};

type MethodView = TPaymentSettings[PayMethod];
type FormValues = Record<string, unknown>;

const isSecret = (method: PayMethod, field: string) =>
  (PAYMENT_SECRET_FIELDS[method] as readonly string[]).includes(field);

/** What the form starts from: the saved values, every secret empty (a secret is never sent back). */
function initialValuesOf(method: PayMethod, view: MethodView): FormValues {
  const values: FormValues = { enabled: view.enabled, environment: view.environment, endpoint: view.endpoint };
  const shown = view as unknown as Record<string, unknown>;
  for (const field of FIELDS[method])
    values[field.name] = isSecret(method, field.name) ? '' : (shown[field.name] ?? '');
  return values;
}

/** Whether the stored secret `field` is set (`<field>_is_set` in the answer). */
function isSecretSet(view: MethodView, field: string): boolean {
  return Boolean((view as unknown as Record<string, unknown>)[`${field}_is_set`]);
}

/** Where the method stands for merchants: offered, enabled but incomplete, or off. */
function StateTag({ view }: { view: MethodView }) {
  const { t } = useTranslation();
  if (view.is_configured) return <Tag color="success">{t('adminSettings.payment.state.offered')}</Tag>;
  if (view.enabled) return <Tag color="warning">{t('adminSettings.payment.state.incomplete')}</Tag>;
  return <Tag>{t('adminSettings.payment.state.off')}</Tag>;
}

/**
 * One pay method's provider settings: enabled, sandbox or live, endpoint and credentials; secrets
 * show whether they are set and are only sent when typed; the notify URL to register with the
 * provider; saving asks first; "Test connection" calls the provider with the saved settings and
 * shows its own answer.
 */
export function PaymentMethodForm({ method, view }: { method: PayMethod; view: MethodView }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<FormValues>();
  const [modal, modalHolder] = Modal.useModal();
  const save = useSetPaymentSettings();
  const test = useTestPaymentConnection();
  const [testResult, setTestResult] = useState<{ ok: boolean; error: string } | null>(null);
  const methodName = t(`payMethod.${method}`);
  const schema = SCHEMAS[method];
  const rule = (field: string) => fieldRule(schema, field as never);

  const submit = (values: FormValues) => {
    const next: FormValues = { ...values };
    for (const field of PAYMENT_SECRET_FIELDS[method]) next[field] = String(next[field] ?? '');
    return save
      .mutateAsync({ method, values: next } as TSetPaymentSettingsInput)
      .then(() => {
        for (const field of PAYMENT_SECRET_FIELDS[method]) form.setFieldValue(field, '');
        setTestResult(null);
        feedback.success(t('adminSettings.payment.saved', { method: methodName }));
      })
      .catch((error: unknown) => {
        const fields = serverFieldErrors(error, 'values.');
        if (fields.length > 0) {
          form.setFields(fields);
          feedback.error(t('validation:form_error'));
        } else if (isApiError(error) && error.code === ErrorCode.VALIDATION_FAILED) {
          // A refusal naming no field (the request layer leaves this code to the form).
          feedback.error(error.message);
        }
      });
  };

  const onFinish = (values: FormValues) => {
    const isLive = values.environment === 'live';
    void modal.confirm({
      title: t('adminSettings.payment.confirmTitle', { method: methodName }),
      content: values.enabled
        ? t(isLive ? 'adminSettings.payment.confirmLive' : 'adminSettings.payment.confirmSandbox', {
            method: methodName,
          })
        : t('adminSettings.payment.confirmOff', { method: methodName }),
      okText: t('adminSettings.save'),
      cancelText: t('common.cancel'),
      // The dialog keeps its button loading until the save settles.
      onOk: () => submit(values),
    });
  };

  const onTest = () => {
    setTestResult(null);
    test.mutate(method, { onSuccess: (result) => setTestResult(result) });
  };

  const control = (field: FieldSpec) => {
    if (field.kind === 'secret' || field.kind === 'multilineSecret')
      return <SecretInput isSet={isSecretSet(view, field.name)} isMultiline={field.kind === 'multilineSecret'} />;
    if (field.kind === 'multiline')
      return (
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} spellCheck={false} placeholder={field.placeholder} />
      );
    return <Input autoComplete="off" spellCheck={false} placeholder={field.placeholder} />;
  };

  return (
    <Card
      size="small"
      className="payment-method-card"
      title={
        <Space size={8} wrap>
          <span>{methodName}</span>
          <StateTag view={view} />
        </Space>
      }
    >
      {modalHolder}
      <Form
        form={form}
        name={`settings_payment_${method}`}
        layout="vertical"
        initialValues={initialValuesOf(method, view)}
        onFinish={onFinish}
        onFinishFailed={() => feedback.error(t('validation:form_error'))}
        noValidate
        className="settings-form"
      >
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <Form.Item
              name="enabled"
              label={t('adminSettings.payment.enabled')}
              valuePropName="checked"
              extra={t('adminSettings.payment.enabledHint')}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="environment" label={t('adminSettings.payment.environment')} rules={[rule('environment')]}>
              <Radio.Group
                optionType="button"
                options={PAYMENT_ENVIRONMENTS.map((environment) => ({
                  value: environment,
                  label: t(`adminSettings.payment.environments.${environment}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="endpoint"
              label={t('adminSettings.payment.endpoint')}
              rules={[rule('endpoint')]}
              extra={t('adminSettings.payment.endpointHint')}
            >
              <Input autoComplete="off" spellCheck={false} placeholder="https://" />
            </Form.Item>
          </Col>
          {FIELDS[method].map((field) => (
            <Col key={field.name} xs={24} md={field.isWide ? 24 : 12}>
              <Form.Item
                name={field.name}
                label={t(`adminSettings.payment.field.${field.name}`)}
                rules={[rule(field.name)]}
                extra={field.hint ? t(field.hint) : undefined}
              >
                {control(field)}
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item label={t('adminSettings.payment.notifyUrl')} extra={t(`adminSettings.payment.notifyHint.${method}`)}>
          <Typography.Text
            copyable={{
              text: view.notify_url,
              tooltips: [t('adminSettings.payment.copy'), t('adminSettings.payment.copied')],
            }}
            code
            className="payment-notify-url"
          >
            {view.notify_url}
          </Typography.Text>
        </Form.Item>
        <Space wrap>
          <SaveButton isPending={save.isPending} />
          <Button icon={<ApiOutlined />} onClick={onTest} loading={test.isPending} disabled={test.isPending}>
            {t('adminSettings.payment.test')}
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" className="payment-test-hint">
          {t('adminSettings.payment.testHint')}
        </Typography.Paragraph>
        {testResult ? (
          <Alert
            role="status"
            showIcon
            type={testResult.ok ? 'success' : 'error'}
            title={
              testResult.ok
                ? t('adminSettings.payment.testOk', { method: methodName })
                : t('adminSettings.payment.testFailed', { method: methodName })
            }
            description={
              testResult.ok ? undefined : (
                <Typography.Text className="payment-test-error">{testResult.error}</Typography.Text>
              )
            }
          />
        ) : null}
      </Form>
    </Card>
  );
}
