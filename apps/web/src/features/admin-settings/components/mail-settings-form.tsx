import {
  SMTP_SECURITY_MODES,
  ZMailSettingsInput,
  ZTestSendEmailInput,
  type TMailSettings,
  type TMailSettingsInput,
} from '@parlour/contract/calls/settings';
import { Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldRule } from '@/lib/form-rules';
import { useSaveWithSecret } from '../api/set-config';
import { useTestSendEmail } from '../api/test-send';
import { SaveButton } from './save-button';
import { SecretInput } from './secret-field';
import { TestSendForm } from './test-send-form';

const rule = (field: keyof TMailSettingsInput & string) => fieldRule(ZMailSettingsInput, field as never);
const DEFAULT_PORTS = { none: 25, starttls: 587, ssl: 465 } as const;

/** Mail group: the SMTP server every platform mail (codes, test mails) goes through. */
export function MailSettingsForm({ values }: { values: TMailSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TMailSettingsInput>();
  const { save, onFinish } = useSaveWithSecret('mail', 'smtp_password', form);
  const testSend = useTestSendEmail();
  const { smtp_password_is_set: isPasswordSet, ...fields } = values;

  return (
    <>
      <Form
        form={form}
        name="settings_mail"
        layout="vertical"
        initialValues={{ ...fields, smtp_password: '' }}
        onFinish={onFinish}
        noValidate
        className="settings-form"
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item
              name="smtp_host"
              label={t('adminSettings.mail.host')}
              rules={[rule('smtp_host')]}
              extra={t('adminSettings.mail.hostHint')}
            >
              <Input placeholder="smtp.example.com" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="smtp_security" label={t('adminSettings.mail.security')} rules={[rule('smtp_security')]}>
              <Select
                options={SMTP_SECURITY_MODES.map((mode) => ({
                  value: mode,
                  label: t(`adminSettings.mail.securityMode.${mode}`),
                }))}
                onChange={(mode: keyof typeof DEFAULT_PORTS) => form.setFieldValue('smtp_port', DEFAULT_PORTS[mode])}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="smtp_port" label={t('adminSettings.mail.port')} rules={[rule('smtp_port')]}>
              <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="smtp_user" label={t('adminSettings.mail.user')} rules={[rule('smtp_user')]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="smtp_password" label={t('adminSettings.mail.password')} rules={[rule('smtp_password')]}>
              <SecretInput isSet={isPasswordSet} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="mail_sender"
              label={t('adminSettings.mail.sender')}
              rules={[rule('mail_sender')]}
              extra={t('adminSettings.mail.senderHint')}
            >
              <Input placeholder="Parlour <no-reply@example.com>" />
            </Form.Item>
          </Col>
        </Row>
        <SaveButton isPending={save.isPending} />
      </Form>
      <Divider />
      <TestSendForm
        name="settings_mail_test"
        label={t('adminSettings.mail.testTo')}
        placeholder="name@example.com"
        rule={fieldRule(ZTestSendEmailInput, 'to')}
        isPending={testSend.isPending}
        onSend={(to) => testSend.mutateAsync(to)}
      />
    </>
  );
}
