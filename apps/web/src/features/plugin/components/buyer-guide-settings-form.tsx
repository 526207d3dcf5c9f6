import { BUYER_GUIDE_RULE, type TBuyerGuide } from '@parlour/contract/calls/plugin-settings';
import type { Lang } from '@parlour/contract/errors';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocalizedTextField } from '@/components/localized-text-field';
import { RichTextEditor } from '@/components/rich-text-editor';
import { feedback } from '@/lib/feedback';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useEditBuyerGuide } from '../api/edit-buyer-guide';
import { SettingsFormFrame, type SettingsFormProps } from './settings-form-frame';

type GuideValues = Pick<TBuyerGuide, 'content'>;

/** The buyer's guide (buyer_guide): rich text in both languages, kept sanitised by the server. */
export function BuyerGuideSettingsForm({
  shopId,
  onDirtyChange,
  settings,
}: SettingsFormProps & { settings: TBuyerGuide }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<GuideValues>();
  const save = useEditBuyerGuide();
  const onFinish = (values: GuideValues) =>
    save.mutate(
      { shop_id: shopId, content: values.content },
      {
        onSuccess: (saved) => {
          form.setFieldsValue({ content: saved.content });
          onDirtyChange(false);
          feedback.success(t('pluginSettings.saved'));
        },
        onError: (error) =>
          showServerFieldErrors(form, error, {
            formErrorMessage: t('validation:form_error'),
            toName: (path) => path,
          }),
      },
    );
  return (
    <Form<GuideValues>
      form={form}
      name="buyer_guide_settings"
      layout="vertical"
      initialValues={{ content: settings.content }}
      onFinish={onFinish}
      onFinishFailed={() => feedback.error(t('validation:form_error'))}
      onValuesChange={() => onDirtyChange(true)}
      noValidate
    >
      <SettingsFormFrame intro={t('pluginSettings.guide.intro')} isSaving={save.isPending}>
        <LocalizedTextField
          name="content"
          label={t('pluginSettings.guide.content')}
          layout="tabs"
          rule={BUYER_GUIDE_RULE}
          renderInput={(lang: Lang, language) => (
            <RichTextEditor key={lang} aria-label={`${t('pluginSettings.guide.content')} (${language})`} />
          )}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('pluginSettings.guide.allowed')}
        </Typography.Text>
      </SettingsFormFrame>
    </Form>
  );
}
