import { ZTestSendWecomInput, ZWecomSettingsInput, type TWecomSettings } from '@parlour/contract/calls/settings';
import { Alert, Button, Divider, Form, Input, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { useSaveWithSecret } from '../api/set-config';
import { useTestSendWecom } from '../api/test-send';
import { SaveButton } from './save-button';
import { TestSendForm } from './test-send-form';

/** WeCom group robot: its webhook (a secret, shown masked) and a test message. */
export function WecomSettingsForm({ values }: { values: TWecomSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ webhook_url: string }>();
  const { save, onFinish } = useSaveWithSecret('wecom', 'webhook_url', form);
  const testSend = useTestSendWecom();
  const clear = () =>
    save.mutate(
      { group: 'wecom', values: { is_cleared: true } },
      { onSuccess: () => feedback.success(t('adminSettings.wecom.cleared')) },
    );

  return (
    <>
      <Alert
        type={values.webhook_url_is_set ? 'success' : 'info'}
        showIcon
        className="settings-status"
        message={
          values.webhook_url_is_set
            ? t('adminSettings.wecom.current', { url: values.webhook_url_masked })
            : t('adminSettings.wecom.notSet')
        }
      />
      <Form
        form={form}
        name="settings_wecom"
        layout="vertical"
        initialValues={{ webhook_url: '' }}
        onFinish={onFinish}
        noValidate
        className="settings-form"
      >
        <Form.Item
          name="webhook_url"
          label={t('adminSettings.wecom.webhook')}
          rules={[fieldRule(ZWecomSettingsInput, 'webhook_url')]}
          extra={t('adminSettings.wecom.webhookHint')}
        >
          <Input.Password
            autoComplete="off"
            placeholder={
              values.webhook_url_is_set
                ? t('adminSettings.secret.keepPlaceholder')
                : 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…'
            }
          />
        </Form.Item>
        <Space>
          <SaveButton isPending={save.isPending} />
          {values.webhook_url_is_set ? (
            <Popconfirm
              title={t('adminSettings.wecom.clearConfirm')}
              onConfirm={clear}
              okText={t('adminSettings.confirm')}
              cancelText={t('common.cancel')}
            >
              <Button danger disabled={save.isPending}>
                {t('adminSettings.wecom.clear')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </Form>
      <Divider />
      <TestSendForm
        name="settings_wecom_test"
        label={t('adminSettings.wecom.testContent')}
        placeholder={t('adminSettings.wecom.testPlaceholder')}
        rule={fieldRule(ZTestSendWecomInput, 'content')}
        isTextArea
        isPending={testSend.isPending}
        onSend={(content) => testSend.mutateAsync(content)}
      />
    </>
  );
}
