import { ZLiveChatSettings, type TLiveChat } from '@parlour/contract/calls/plugin-settings';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useEditLiveChat } from '../api/edit-live-chat';
import { SettingsFormFrame, type SettingsFormProps } from './settings-form-frame';

type LiveChatValues = Pick<TLiveChat, 'wecom_url' | 'whatsapp' | 'email' | 'phone'>;
const FIELDS = ['wecom_url', 'whatsapp', 'email', 'phone'] as const;
const LABEL = { wecom_url: 'wecomUrl', whatsapp: 'whatsapp', email: 'email', phone: 'phone' } as const;
const HINT = { wecom_url: 'wecomUrlHint', whatsapp: 'whatsappHint', email: undefined, phone: 'phoneHint' } as const;

/** The customer service channels (live_chat): the store's contact button lists the ones filled in. */
export function LiveChatSettingsForm({ shopId, onDirtyChange, settings }: SettingsFormProps & { settings: TLiveChat }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<LiveChatValues>();
  const save = useEditLiveChat();
  const onFinish = (values: LiveChatValues) =>
    save.mutate(
      { shop_id: shopId, ...values },
      {
        onSuccess: (saved) => {
          form.setFieldsValue(saved);
          onDirtyChange(false);
          feedback.success(t('pluginSettings.saved'));
        },
        onError: (error) => showServerFieldErrors(form, error, { formErrorMessage: t('validation:form_error') }),
      },
    );
  return (
    <Form<LiveChatValues>
      form={form}
      name="live_chat_settings"
      layout="vertical"
      initialValues={settings}
      onFinish={onFinish}
      onFinishFailed={() => feedback.error(t('validation:form_error'))}
      onValuesChange={() => onDirtyChange(true)}
      noValidate
    >
      <SettingsFormFrame intro={t('pluginSettings.liveChat.intro')} isSaving={save.isPending}>
        {FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`pluginSettings.liveChat.${LABEL[field]}`)}
            extra={HINT[field] ? t(`pluginSettings.liveChat.${HINT[field]}`) : undefined}
            rules={[fieldRule(ZLiveChatSettings, field)]}
          >
            <Input
              autoComplete="off"
              inputMode={field === 'email' ? 'email' : field === 'wecom_url' ? 'url' : 'tel'}
              placeholder={field === 'wecom_url' ? 'https://work.weixin.qq.com/kfid/…' : undefined}
            />
          </Form.Item>
        ))}
      </SettingsFormFrame>
    </Form>
  );
}
