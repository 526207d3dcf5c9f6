import { CheckCircleFilled, SendOutlined } from '@ant-design/icons';
import {
  PROSPECT_CONTENT_MAX_LENGTH,
  PROSPECT_NAME_MAX_LENGTH,
  ZMessageInput,
  type TMessageInput,
} from '@parlour/contract/calls/prospect';
import { ErrorCode } from '@parlour/contract/errors';
import { DEFAULT_PHONE_COUNTRY, PHONE_INPUT_MAX_LENGTH, toE164 } from '@parlour/contract/phone';
import { Alert, Button, Form, Input, Space, type FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { fieldRule, issueMessage } from '@/lib/form-rules';
import { useAddMessage } from '../api/add-message';
import { PhoneCountrySelect } from './phone-country-select';

/**
 * The public site's message form (spec §3 message board, §5): name, a contact phone (as people
 * write it, with the country a local number is in; China unless chosen) and a message, all
 * required, checked by the same rules as the API. A few messages per address per hour; past
 * that the form says to try later.
 */
export function MessageForm() {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<TMessageInput>();
  const add = useAddMessage();
  const [isSent, setIsSent] = useState(false);
  const isThrottled = isApiError(add.error) && add.error.code === ErrorCode.TOO_MANY_REQUESTS;

  // The contract checks the number against the country as a whole-object rule, which zod runs
  // only once every other field is valid; the form asks the same function straight away.
  const phoneRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if (value && value.trim() !== '' && toE164(value, getFieldValue('country')) === null) {
        throw new Error(issueMessage({ message: 'prospect_contact_invalid', path: ['contact'] }));
      }
    },
  });

  const onFinish = (values: TMessageInput) => {
    // A second click while the call runs changes nothing (the button is loading too).
    if (add.isPending) return;
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
        <Form
          form={form}
          name="site_message"
          layout="vertical"
          noValidate
          onFinish={onFinish}
          disabled={add.isPending}
          requiredMark={false}
          initialValues={{ country: DEFAULT_PHONE_COUNTRY }}
        >
          <div className="message-form__row">
            <Form.Item name="name" label={t('messageForm.name')} rules={[fieldRule(ZMessageInput, 'name')]}>
              <Input
                maxLength={PROSPECT_NAME_MAX_LENGTH}
                autoComplete="name"
                placeholder={t('messageForm.namePlaceholder')}
              />
            </Form.Item>
            <Form.Item label={t('messageForm.contact')} required={false} htmlFor="site_message_contact">
              {/* The country a local number is read in, then the number as people write it. */}
              <Space.Compact block>
                <Form.Item name="country" noStyle rules={[fieldRule(ZMessageInput, 'country')]}>
                  <PhoneCountrySelect />
                </Form.Item>
                <Form.Item
                  name="contact"
                  noStyle
                  dependencies={['country']}
                  validateFirst
                  rules={[fieldRule(ZMessageInput, 'contact'), phoneRule]}
                >
                  <Input
                    type="tel"
                    inputMode="tel"
                    maxLength={PHONE_INPUT_MAX_LENGTH}
                    autoComplete="tel"
                    placeholder={t('messageForm.contactPlaceholder')}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </div>
          <Form.Item name="content" label={t('messageForm.content')} rules={[fieldRule(ZMessageInput, 'content')]}>
            <Input.TextArea
              maxLength={PROSPECT_CONTENT_MAX_LENGTH}
              showCount
              autoSize={{ minRows: 4, maxRows: 8 }}
              placeholder={t('messageForm.contentPlaceholder')}
            />
          </Form.Item>
          {isThrottled ? (
            <Alert
              type="warning"
              showIcon
              title={t('messageForm.throttled')}
              style={{ marginBottom: 16 }}
              role="alert"
            />
          ) : null}
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={add.isPending} size="large">
            {t('messageForm.submit')}
          </Button>
        </Form>
      )}
    </section>
  );
}
