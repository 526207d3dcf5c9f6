import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  VERSION_DESCRIPTION_MAX_LENGTH,
  VERSION_FEATURE_MAX_LENGTH,
  VERSION_MAX_FEATURES,
  VERSION_NAME_MAX_LENGTH,
  VERSION_TEXT_RULES,
  ZVersionFunInput,
  type TEditableStoreVersion,
} from '@parlour/contract/calls/store';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import { Button, Col, Flex, Form, Input, InputNumber, Modal, Radio, Row, type FormRule } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyLocalizedText, LocalizedTextField } from '@/components/localized-text-field';
import { feedback } from '@/lib/feedback';
import { fieldRule, issueMessage } from '@/lib/form-rules';
import { useEditVersionFunctions } from '../api/edit-version-functions';

interface VersionValues {
  name?: TLocalizedText;
  description?: TLocalizedText;
  features?: TLocalizedText[];
  trial_days?: number | null;
  status?: 'enabled' | 'disabled';
  sort?: number | null;
  /** Empty: the platform rule "domains per store". */
  domain_limit?: number | null;
}

function initialValues(version: TEditableStoreVersion | null): VersionValues {
  return version
    ? {
        name: version.localized.name,
        description: version.localized.description,
        features: version.localized.features,
        trial_days: version.trial_days,
        status: version.status,
        sort: version.sort,
        domain_limit: version.domain_limit,
      }
    : {
        name: emptyLocalizedText(),
        description: emptyLocalizedText(),
        features: [emptyLocalizedText()],
        trial_days: 0,
        status: 'enabled',
        sort: 0,
        domain_limit: null,
      };
}

const isBlank = (text: TLocalizedText) => !text['zh-CN']?.trim() && !text['en-US']?.trim();

/** A feature row may be left blank (it is dropped), but an English feature needs its Chinese text. */
const featureRule =
  (index: number): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      const english = String(getFieldValue(['features', index, 'en-US']) ?? '').trim();
      if (english && !String(value ?? '').trim())
        throw new Error(issueMessage({ message: 'version_feature_required', path: ['features', index, 'zh-CN'] }));
    },
  });

/**
 * Adds a store version (`version` null) or edits what it offers: name, description, the list of
 * features shown to merchants, trial days, status and sort order. Prices have their own dialog.
 */
export function VersionFormModal({
  version,
  isOpen,
  onClose,
}: {
  version: TEditableStoreVersion | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<VersionValues>();
  const edit = useEditVersionFunctions();
  const isNew = version === null;
  // The form instance outlives the dialog, and a remounted form keeps the values it held over its
  // new initial values: without this, "add version" opened with the last edited version's values.
  // Set explicitly, as the dialog's form may mount after this effect.
  useEffect(() => {
    if (!isOpen) return;
    form.resetFields();
    form.setFieldsValue(initialValues(version));
  }, [form, isOpen, version]);

  const onFinish = (values: VersionValues) => {
    const parsed = ZVersionFunInput.safeParse({
      ...(version ? { id: version.id } : {}),
      name: values.name,
      description: values.description ?? emptyLocalizedText(),
      features: (values.features ?? []).filter((feature) => !isBlank(feature)),
      trial_days: values.trial_days,
      status: values.status,
      sort: values.sort ?? 0,
      domain_limit: values.domain_limit ?? null,
    });
    if (!parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    edit.mutate(parsed.data, {
      onSuccess: (saved) => {
        feedback.success(
          isNew
            ? t('adminVersion.form.created', { name: saved.name })
            : t('adminVersion.form.saved', { name: saved.name }),
        );
        onClose();
      },
    });
  };

  return (
    <Modal
      open={isOpen}
      title={isNew ? t('adminVersion.form.addTitle') : t('adminVersion.form.editTitle', { name: version.name })}
      okText={isNew ? t('adminVersion.form.create') : t('adminVersion.form.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={edit.isPending}
      cancelButtonProps={{ disabled: edit.isPending }}
      mask={{ closable: !edit.isPending }}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        name="admin_version_form"
        layout="vertical"
        noValidate
        preserve={false}
        initialValues={initialValues(version)}
        onFinish={onFinish}
        onFinishFailed={() => feedback.error(t('validation:form_error'))}
        disabled={edit.isPending}
      >
        <LocalizedTextField
          name="name"
          label={t('adminVersion.field.name')}
          rule={VERSION_TEXT_RULES.name}
          renderInput={(lang, language) => (
            <Input
              maxLength={VERSION_NAME_MAX_LENGTH}
              prefix={<span className="localized-text-field__lang">{language}</span>}
              aria-label={`${t('adminVersion.field.name')} (${language})`}
              placeholder={lang === 'zh-CN' ? t('adminVersion.form.namePlaceholder') : undefined}
            />
          )}
        />
        <LocalizedTextField
          name="description"
          label={t('adminVersion.field.description')}
          rule={VERSION_TEXT_RULES.description}
          renderInput={(lang, language) => (
            <Input.TextArea
              aria-label={`${t('adminVersion.field.description')} (${language})`}
              maxLength={VERSION_DESCRIPTION_MAX_LENGTH}
              showCount
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder={lang === 'zh-CN' ? t('adminVersion.form.descriptionPlaceholder') : language}
            />
          )}
        />
        <Form.Item
          label={t('adminVersion.field.features')}
          extra={t('adminVersion.form.featuresHint', { max: VERSION_MAX_FEATURES })}
        >
          <Form.List name="features">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((field, index) => (
                  <Flex key={field.key} gap={8} align="flex-start">
                    {/* Blank rows are dropped on save, so an unused row needs no removing. */}
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <LocalizedTextField
                        isBare
                        name={field.name}
                        rule={{ ...VERSION_TEXT_RULES.feature, isRequired: false }}
                        extraRules={{ 'zh-CN': [featureRule(index)] }}
                        renderInput={(lang, language) => (
                          <Input
                            maxLength={VERSION_FEATURE_MAX_LENGTH}
                            prefix={<span className="localized-text-field__lang">{language}</span>}
                            aria-label={`${t('adminVersion.form.featureLabel', { index: index + 1 })} (${language})`}
                            placeholder={lang === 'zh-CN' ? t('adminVersion.form.featurePlaceholder') : undefined}
                          />
                        )}
                      />
                    </div>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('adminVersion.form.removeFeature', { index: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add(emptyLocalizedText())}
                  disabled={fields.length >= VERSION_MAX_FEATURES}
                  block
                >
                  {t('adminVersion.form.addFeature')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="trial_days"
              label={t('adminVersion.field.trialDays')}
              rules={[fieldRule(ZVersionFunInput, 'trial_days')]}
              extra={t('adminVersion.form.trialHint')}
            >
              <InputNumber min={0} max={90} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="sort" label={t('adminVersion.field.sort')} extra={t('adminVersion.form.sortHint')}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="domain_limit"
              label={t('adminVersion.field.domainLimit')}
              rules={[fieldRule(ZVersionFunInput, 'domain_limit')]}
              extra={t('adminVersion.form.domainLimitHint')}
            >
              <InputNumber
                min={1}
                max={100}
                precision={0}
                placeholder={t('adminVersion.form.domainLimitPlaceholder')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('adminVersion.field.status')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'enabled', label: t('adminVersion.status.enabled') },
                  { value: 'disabled', label: t('adminVersion.status.disabled') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
