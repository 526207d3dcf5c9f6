import {
  SMS_PROVIDERS,
  ZSmsSettingsInput,
  ZTestSendSmsInput,
  type TSmsSettings,
  type TSmsSettingsInput,
} from '@parlour/contract/calls/settings';
import { Col, Divider, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldRule } from '@/lib/form-rules';
import { useSaveWithSecret } from '../api/set-config';
import { useTestSendSms } from '../api/test-send';
import { SaveButton } from './save-button';
import { SecretInput } from './secret-field';
import { TestSendForm } from './test-send-form';

const rule = (field: keyof TSmsSettingsInput & string) => fieldRule(ZSmsSettingsInput, field as never);

/** SMS group: the provider verification codes and security notices go through (Aliyun SMS), or none (they go to the log). */
export function SmsSettingsForm({ values }: { values: TSmsSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TSmsSettingsInput>();
  const { save, onFinish } = useSaveWithSecret('sms', 'access_key_secret', form);
  const testSend = useTestSendSms();
  const { access_key_secret_is_set: isSecretSet, ...fields } = values;
  const provider = Form.useWatch('sms_provider', form) ?? fields.sms_provider;
  const isEnabled = provider !== 'none';

  return (
    <>
      <Form
        form={form}
        name="settings_sms"
        layout="vertical"
        initialValues={{ ...fields, access_key_secret: '' }}
        onFinish={onFinish}
        noValidate
        className="settings-form"
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item
              name="sms_provider"
              label={t('adminSettings.sms.provider')}
              rules={[rule('sms_provider')]}
              extra={t('adminSettings.sms.providerHint')}
            >
              <Select
                options={SMS_PROVIDERS.map((item) => ({
                  value: item,
                  label: t(`adminSettings.sms.providers.${item}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="access_key_id" label="AccessKey ID" rules={[rule('access_key_id')]} required={isEnabled}>
              <Input autoComplete="off" disabled={!isEnabled} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="access_key_secret"
              label="AccessKey Secret"
              rules={[rule('access_key_secret')]}
              required={isEnabled && !isSecretSet}
            >
              <SecretInput isSet={isSecretSet} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="sign_name"
              label={t('adminSettings.sms.signName')}
              rules={[rule('sign_name')]}
              required={isEnabled}
            >
              <Input maxLength={30} disabled={!isEnabled} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="template_code"
              label={t('adminSettings.sms.templateCode')}
              rules={[rule('template_code')]}
              required={isEnabled}
              extra={t('adminSettings.sms.templateHint')}
            >
              <Input placeholder="SMS_123456789" disabled={!isEnabled} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="notice_template_code"
              label={t('adminSettings.sms.noticeTemplateCode')}
              rules={[rule('notice_template_code')]}
              extra={t('adminSettings.sms.noticeTemplateHint')}
            >
              <Input placeholder="SMS_987654321" disabled={!isEnabled} />
            </Form.Item>
          </Col>
        </Row>
        <SaveButton isPending={save.isPending} />
      </Form>
      <Divider />
      <TestSendForm
        name="settings_sms_test"
        label={t('adminSettings.sms.testMobile')}
        placeholder="13800138000"
        rule={fieldRule(ZTestSendSmsInput, 'mobile')}
        isPending={testSend.isPending}
        onSend={(mobile) => testSend.mutateAsync(mobile)}
      />
    </>
  );
}
