import { CheckCircleFilled, SendOutlined } from '@ant-design/icons';
import { PROSPECT_CONTENT_MAX_LENGTH, PROSPECT_NAME_MAX_LENGTH, ZMessageInput, type TMessageInput } from '@parlour/contract/calls/prospect';
import { ErrorCode } from '@parlour/contract/errors';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { fieldRule } from '@/lib/form-rules';
import { useAddMessage } from '../api/add-message';

/**
 * The public site's message form (spec §3 message board, §5): name, a contact phone and a message,
 * all required, checked by the same rules as the API. A few messages per address per hour; past
 * that the form says to try later.
 */
export function MessageForm() {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<TMessageInput>();
  const add = useAddMessage();
  const [isSent, setIsSent] = useState(false);
  const isThrottled = isApiError(add.error) && add.error.code === ErrorCode.TOO_MANY_REQUESTS;

  const onFinish = (values: TMessageInput) => {
    add.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        setIsSent(true);
      },
    });
  };

  return (
    <section className="message-form" aria-labelledby="message-form-title">
      <h2 id="message-form-title" className="message-form__title">
        {t('messageForm.title')}
      </h2>
      <p className="message-form__subtitle">{t('messageForm.subtitle')}</p>
      {isSent ? (
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleFilled />}
          title={t('messageForm.sent')}
          description={t('messageForm.sentDetail')}
          action={
            <Button size="small" onClick={() => setIsSent(false)}>
              {t('messageForm.another')}
            </Button>
          }
        />
      ) : (
        <Form form={form} name="site_message" layout="vertical" noValidate onFinish={onFinish} disabled={add.isPending} requiredMark={false}>
          <div className="message-form__row">
            <Form.Item name="name" label={t('messageForm.name')} rules={[fieldRule(ZMessageInput, 'name')]}>
              <Input maxLength={PROSPECT_NAME_MAX_LENGTH} autoComplete="name" placeholder={t('messageForm.namePlaceholder')} />
            </Form.Item>
            <Form.Item name="contact" label={t('messageForm.contact')} rules={[fieldRule(ZMessageInput, 'contact')]}>
              <Input type="tel" inputMode="tel" maxLength={16} autoComplete="tel" placeholder={t('messageForm.contactPlaceholder')} />
            </Form.Item>
          </div>
          <Form.Item name="content" label={t('messageForm.content')} rules={[fieldRule(ZMessageInput, 'content')]}>
            <Input.TextArea maxLength={PROSPECT_CONTENT_MAX_LENGTH} showCount autoSize={{ minRows: 4, maxRows: 8 }} placeholder={t('messageForm.contentPlaceholder')} />
          </Form.Item>
          {isThrottled ? <Alert type="warning" showIcon title={t('messageForm.throttled')} style={{ marginBottom: 16 }} role="alert" /> : null}
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={add.isPending} size="large">
            {t('messageForm.submit')}
          </Button>
        </Form>
      )}
    </section>
  );
}
