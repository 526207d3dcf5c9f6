import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ZVersionFunInput, type TStoreVersion } from '@parlour/contract/calls/store';
import { Button, Col, Flex, Form, Input, InputNumber, Modal, Radio, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { useEditVersionFunctions } from '../api/edit-version-functions';

/** Limits of the contract's version schema, shown in the form. */
const NAME_MAX_LENGTH = 40;
const DESCRIPTION_MAX_LENGTH = 500;
const FEATURE_MAX_LENGTH = 100;
const MAX_FEATURES = 30;

interface VersionValues {
  name?: string;
  description?: string;
  features?: string[];
  trial_days?: number | null;
  status?: 'enabled' | 'disabled';
  sort?: number | null;
}

function initialValues(version: TStoreVersion | null): VersionValues {
  return version
    ? { name: version.name, description: version.description, features: version.features, trial_days: version.trial_days, status: version.status, sort: version.sort }
    : { name: '', description: '', features: [''], trial_days: 0, status: 'enabled', sort: 0 };
}

/**
 * Adds a store version (`version` null) or edits what it offers: name, description, the list of
 * features shown to merchants, trial days, status and sort order. Prices have their own dialog.
 */
export function VersionFormModal({ version, isOpen, onClose }: { version: TStoreVersion | null; isOpen: boolean; onClose: () => void }) {
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
      description: values.description ?? '',
      features: (values.features ?? []).map((feature) => feature.trim()).filter(Boolean),
      trial_days: values.trial_days,
      status: values.status,
      sort: values.sort ?? 0,
    });
    if (!parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    edit.mutate(parsed.data, {
      onSuccess: (saved) => {
        feedback.success(isNew ? t('adminVersion.form.created', { name: saved.name }) : t('adminVersion.form.saved', { name: saved.name }));
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
        <Form.Item name="name" label={t('adminVersion.field.name')} rules={[fieldRule(ZVersionFunInput, 'name')]}>
          <Input maxLength={NAME_MAX_LENGTH} placeholder={t('adminVersion.form.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="description" label={t('adminVersion.field.description')}>
          <Input.TextArea maxLength={DESCRIPTION_MAX_LENGTH} showCount autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('adminVersion.form.descriptionPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('adminVersion.field.features')} extra={t('adminVersion.form.featuresHint', { max: MAX_FEATURES })}>
          <Form.List name="features">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((field, index) => (
                  <Flex key={field.key} gap={8} align="flex-start">
                    {/* Blank rows are dropped on save, so an unused row needs no removing. */}
                    <Form.Item name={field.name} noStyle>
                      <Input
                        maxLength={FEATURE_MAX_LENGTH}
                        aria-label={t('adminVersion.form.featureLabel', { index: index + 1 })}
                        placeholder={t('adminVersion.form.featurePlaceholder')}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('adminVersion.form.removeFeature', { index: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} disabled={fields.length >= MAX_FEATURES} block>
                  {t('adminVersion.form.addFeature')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="trial_days" label={t('adminVersion.field.trialDays')} rules={[fieldRule(ZVersionFunInput, 'trial_days')]} extra={t('adminVersion.form.trialHint')}>
              <InputNumber min={0} max={90} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="sort" label={t('adminVersion.field.sort')} extra={t('adminVersion.form.sortHint')}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
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
