import {
  PLUGIN_TYPE_NAME_MAX_LENGTH,
  PLUGIN_TYPE_TEXT_RULES,
  ZPluginTypeFields,
  type TAdminPluginType,
} from '@parlour/contract/calls/plugin';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { emptyLocalizedText, LocalizedTextField } from '@/components/localized-text-field';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { useSavePluginType } from '../api/save-plugin-type';

interface PluginTypeValues {
  name?: TLocalizedText;
  sort?: number | null;
}

/** Adds a plugin type (`type` null) or renames / reorders one: its name in both languages and its place in the lists. */
export function PluginTypeFormModal({
  type,
  isOpen,
  onClose,
}: {
  type: TAdminPluginType | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PluginTypeValues>();
  const save = useSavePluginType();
  const isNew = type === null;

  const onFinish = (values: PluginTypeValues) => {
    const fields = { name: values.name ?? emptyLocalizedText(), sort: values.sort ?? 0 };
    save.mutate(type ? { ...fields, id: type.id } : fields, {
      onSuccess: (saved) => {
        feedback.success(
          isNew
            ? t('adminPlugin.types.created', { name: saved.localized.name['zh-CN'] })
            : t('adminPlugin.types.saved', { name: saved.localized.name['zh-CN'] }),
        );
        onClose();
      },
    });
  };

  return (
    <FormModal<PluginTypeValues>
      isOpen={isOpen}
      title={isNew ? t('adminPlugin.types.addTitle') : t('adminPlugin.types.editTitle', { name: type.name })}
      okText={isNew ? t('adminPlugin.form.create') : t('adminPlugin.form.save')}
      onClose={onClose}
      isPending={save.isPending}
      width={520}
      form={form}
      name="admin_plugin_type_form"
      initialValues={type ? { name: type.localized.name, sort: type.sort } : { name: emptyLocalizedText(), sort: 0 }}
      onFinish={onFinish}
    >
      <LocalizedTextField
        name="name"
        label={t('adminPlugin.types.name')}
        rule={PLUGIN_TYPE_TEXT_RULES.name}
        renderInput={(lang, language) => (
          <Input
            maxLength={PLUGIN_TYPE_NAME_MAX_LENGTH}
            prefix={<span className="localized-text-field__lang">{language}</span>}
            aria-label={`${t('adminPlugin.types.name')} (${language})`}
            placeholder={lang === 'zh-CN' ? t('adminPlugin.types.namePlaceholder') : undefined}
          />
        )}
      />
      <Form.Item
        name="sort"
        label={t('adminPlugin.types.sort')}
        rules={[fieldRule(ZPluginTypeFields, 'sort')]}
        extra={t('adminPlugin.types.sortHint')}
      >
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}
