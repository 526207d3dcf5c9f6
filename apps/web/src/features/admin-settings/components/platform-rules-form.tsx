import { ZPlatformRules, type TPlatformRules } from '@parlour/contract/calls/settings';
import { Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { useSetConfig } from '../api/set-config';
import { SaveButton } from './save-button';

const FIELDS = [
  { name: 'captcha_failure_threshold', min: 1, max: 100, unit: 'times' },
  { name: 'store_limit_per_merchant', min: 1, max: 1000, unit: 'stores' },
  { name: 'domains_per_store', min: 1, max: 100, unit: 'domains' },
  { name: 'payment_window_minutes', min: 5, max: 1440, unit: 'minutes' },
  { name: 'grace_days', min: 0, max: 90, unit: 'days' },
] as const satisfies ReadonlyArray<{ name: keyof TPlatformRules; min: number; max: number; unit: string }>;

/** Platform rules: captcha threshold, store and domain limits, the bill payment window, grace days. */
export function PlatformRulesForm({ values }: { values: TPlatformRules }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TPlatformRules>();
  const save = useSetConfig();
  const onFinish = (next: TPlatformRules) => save.mutate({ group: 'platform', values: next }, { onSuccess: () => feedback.success(t('adminSettings.saved')) });

  return (
    <Form form={form} name="settings_platform" layout="vertical" initialValues={values} onFinish={onFinish} noValidate className="settings-form">
      <Row gutter={24}>
        {FIELDS.map((field) => (
          <Col key={field.name} xs={24} md={12}>
            <Form.Item
              name={field.name}
              label={t(`adminSettings.platform.${field.name}`)}
              rules={[fieldRule(ZPlatformRules, field.name)]}
              extra={t(`adminSettings.platform.${field.name}_hint`)}
              required
            >
              <InputNumber min={field.min} max={field.max} precision={0} style={{ width: '100%' }} addonAfter={t(`adminSettings.platform.unit.${field.unit}`)} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <SaveButton isPending={save.isPending} />
    </Form>
  );
}
