import { SendOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';

/** "Test send" under a group's form: one input and a button that sends through the saved settings. */
export function TestSendForm({
  name,
  label,
  placeholder,
  rule,
  isTextArea = false,
  isPending,
  onSend,
}: {
  name: string;
  label: string;
  placeholder: string;
  rule: FormRule;
  isTextArea?: boolean;
  isPending: boolean;
  onSend: (value: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ value: string }>();
  const onFinish = async ({ value }: { value: string }) => {
    try {
      await onSend(value.trim());
      feedback.success(t('adminSettings.test.sent'));
    } catch {
      // The request layer showed the provider's message.
    }
  };
  return (
    <section className="settings-test" aria-label={t('adminSettings.test.title')}>
      <Typography.Title level={5}>{t('adminSettings.test.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('adminSettings.test.hint')}</Typography.Paragraph>
      <Form form={form} name={name} layout="vertical" onFinish={onFinish} noValidate>
        <Form.Item name="value" label={label} rules={[rule]} validateTrigger="onBlur">
          {isTextArea ? (
            <Input.TextArea rows={2} placeholder={placeholder} maxLength={2000} />
          ) : (
            <Input placeholder={placeholder} />
          )}
        </Form.Item>
        <Space>
          <Button htmlType="submit" icon={<SendOutlined />} loading={isPending} disabled={isPending}>
            {t('adminSettings.test.send')}
          </Button>
        </Space>
      </Form>
    </section>
  );
}
