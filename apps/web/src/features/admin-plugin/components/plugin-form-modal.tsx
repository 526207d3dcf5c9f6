import {
  PLUGIN_CHANGELOG_MAX_LENGTH,
  PLUGIN_CODE_MAX_LENGTH,
  PLUGIN_NAME_MAX_LENGTH,
  PLUGIN_MAX_PACKAGES,
  PLUGIN_MAX_PRICE,
  PLUGIN_MAX_TRIAL_DAYS,
  PLUGIN_TEXT_RULES,
  PLUGIN_VERSION_MAX_LENGTH,
  ZPluginAddInput,
  ZPluginEditInput,
  ZPluginFields,
  type TAdminPluginDetail,
} from '@parlour/contract/calls/plugin';
import type { Lang } from '@parlour/contract/errors';
import { Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { ImageUploadField } from '@/components/image-upload-field';
import { LocalizedTextField } from '@/components/localized-text-field';
import { RichTextEditor } from '@/components/rich-text-editor';
import { useShopVersions } from '@/lib/api/list-shop-versions';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { visibleTextRule } from '@/lib/rich-text';
import { useAddPlugin } from '../api/add-plugin';
import { useEditPlugin } from '../api/edit-plugin';
import { usePluginTypeOptions } from '../api/plugin-type-lists';
import {
  initialPluginValues,
  isPriceValid,
  normalCurrency,
  toMajorUnits,
  toPluginAddInput,
  toPluginEditInput,
  trialDaysError,
  type PluginFormValues,
} from './plugin-form-values';
import { ScreenshotsField } from './screenshots-field';

/** The Chinese description must have text a reader would see. */
const descriptionRule = visibleTextRule('plugin_description_required', ['description', 'zh-CN']);

/**
 * Adds a plugin (`plugin` null) or edits one (its detail, loaded first): code (fixed once created),
 * name and icon, type, the store versions it may be installed on, price (0 = free) and trial days,
 * status, formatted description, screenshots, video, and the changelog of its current version.
 */
export function PluginFormModal({
  plugin,
  isOpen,
  onClose,
}: {
  plugin: TAdminPluginDetail | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<PluginFormValues>();
  const add = useAddPlugin();
  const edit = useEditPlugin();
  const types = usePluginTypeOptions();
  const versions = useShopVersions({ isEnabled: isOpen });
  const currency = Form.useWatch('currency', form) as string | undefined;
  const isNew = plugin === null;
  const isPending = add.isPending || edit.isPending;

  const onFinish = (values: PluginFormValues) => {
    const onSuccess = (saved: TAdminPluginDetail) => {
      const name = saved.localized.name['zh-CN'];
      feedback.success(isNew ? t('adminPlugin.form.created', { name }) : t('adminPlugin.form.saved', { name }));
      onClose();
    };
    // The fields were checked one by one; the contract has the last word on the whole.
    const input = plugin ? toPluginEditInput(plugin.id, values) : toPluginAddInput(values);
    if (!(plugin ? ZPluginEditInput : ZPluginAddInput).safeParse(input).success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    if ('id' in input) edit.mutate(input, { onSuccess });
    else add.mutate(input, { onSuccess });
  };

  const typeOptions = (types.data?.list ?? []).map((type) => ({ value: type.id, label: type.name }));
  const versionOptions = (versions.data?.list ?? []).map((version) => ({
    value: version.id,
    label: version.status === 'enabled' ? version.name : t('adminPlugin.form.versionDisabled', { name: version.name }),
  }));

  return (
    <FormModal<PluginFormValues>
      isOpen={isOpen}
      title={isNew ? t('adminPlugin.form.addTitle') : t('adminPlugin.form.editTitle', { name: plugin.name })}
      okText={isNew ? t('adminPlugin.form.create') : t('adminPlugin.form.save')}
      onClose={onClose}
      isPending={isPending}
      width={880}
      form={form}
      name="admin_plugin_form"
      initialValues={initialPluginValues(plugin)}
      onFinish={onFinish}
    >
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="code"
            label={t('adminPlugin.field.code')}
            required={isNew}
            rules={isNew ? [fieldRule(ZPluginAddInput, 'code')] : []}
            extra={isNew ? t('adminPlugin.form.codeHint') : t('adminPlugin.form.codeFixed')}
            normalize={(value: string) => value.toLowerCase()}
          >
            <Input
              maxLength={PLUGIN_CODE_MAX_LENGTH}
              disabled={!isNew}
              placeholder="live_chat"
              autoComplete="off"
              spellCheck={false}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="type_id"
            label={t('adminPlugin.field.type')}
            required
            rules={[fieldRule(ZPluginFields, 'type_id')]}
          >
            <Select
              options={typeOptions}
              loading={types.isLoading}
              placeholder={t('adminPlugin.form.typePlaceholder')}
              notFoundContent={t('adminPlugin.form.noTypes')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="status" label={t('adminPlugin.field.status')} extra={t('adminPlugin.form.statusHint')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'listed', label: t('adminPlugin.status.listed') },
                { value: 'unlisted', label: t('adminPlugin.status.unlisted') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={16}>
          <LocalizedTextField
            name="name"
            label={t('adminPlugin.field.name')}
            rule={PLUGIN_TEXT_RULES.name}
            renderInput={(lang, language) => (
              <Input
                maxLength={PLUGIN_NAME_MAX_LENGTH}
                showCount
                prefix={<span className="localized-text-field__lang">{language}</span>}
                aria-label={`${t('adminPlugin.field.name')} (${language})`}
                placeholder={lang === 'zh-CN' ? t('adminPlugin.form.namePlaceholder') : undefined}
              />
            )}
          />
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="icon" label={t('adminPlugin.field.icon')} rules={[fieldRule(ZPluginFields, 'icon')]}>
            <ImageUploadField alt={t('adminPlugin.field.icon')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="package_ids"
        label={t('adminPlugin.field.packages')}
        required
        rules={[fieldRule(ZPluginFields, 'package_ids')]}
        extra={t('adminPlugin.form.packagesHint')}
      >
        <Select
          mode="multiple"
          maxCount={PLUGIN_MAX_PACKAGES}
          options={versionOptions}
          loading={versions.isLoading}
          placeholder={t('adminPlugin.form.packagesPlaceholder')}
          optionFilterProp="label"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="price"
            label={t('adminPlugin.field.price')}
            required
            dependencies={['currency']}
            extra={t('adminPlugin.form.priceHint')}
            rules={[
              {
                validator: async (_rule, value: number | null) => {
                  const typed = normalCurrency(form.getFieldValue('currency') as string);
                  if (!isPriceValid(value, typed))
                    throw new Error(
                      t('adminPlugin.form.priceInvalid', {
                        max: toMajorUnits(PLUGIN_MAX_PRICE, typed).toLocaleString(),
                      }),
                    );
                },
              },
            ]}
          >
            <InputNumber min={0} precision={2} suffix={normalCurrency(currency)} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item
            name="currency"
            label={t('adminPlugin.field.currency')}
            rules={[fieldRule(ZPluginFields, 'currency')]}
            normalize={(value: string) => value.toUpperCase()}
          >
            <Input maxLength={3} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={10}>
          <Form.Item
            name="trial_days"
            label={t('adminPlugin.field.trialDays')}
            dependencies={['price', 'currency']}
            extra={t('adminPlugin.form.trialHint')}
            rules={[
              {
                validator: async (_rule, value: number | null) => {
                  const message = trialDaysError(
                    value,
                    form.getFieldValue('price') as number | null,
                    form.getFieldValue('currency') as string,
                  );
                  if (message) throw new Error(message);
                },
              },
            ]}
          >
            <InputNumber min={0} max={PLUGIN_MAX_TRIAL_DAYS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <LocalizedTextField
        name="description"
        label={t('adminPlugin.field.description')}
        layout="tabs"
        rule={PLUGIN_TEXT_RULES.description}
        extraRules={{ 'zh-CN': [descriptionRule] }}
        renderInput={(lang: Lang, language) => (
          <RichTextEditor aria-label={`${t('adminPlugin.field.description')} (${language})`} key={lang} />
        )}
      />
      <Form.Item
        name="screenshots"
        label={t('adminPlugin.field.screenshots')}
        rules={[fieldRule(ZPluginFields, 'screenshots')]}
      >
        <ScreenshotsField />
      </Form.Item>
      <Form.Item
        name="video_url"
        label={t('adminPlugin.field.videoUrl')}
        rules={[fieldRule(ZPluginFields, 'video_url')]}
        extra={t('adminPlugin.form.videoHint')}
      >
        <Input type="url" maxLength={500} placeholder="https://" autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item
            name="version"
            label={t('adminPlugin.field.version')}
            required
            rules={[fieldRule(ZPluginFields, 'version')]}
            extra={t('adminPlugin.form.versionHint')}
          >
            <Input maxLength={PLUGIN_VERSION_MAX_LENGTH} placeholder="1.0.0" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <LocalizedTextField
            name="changelog"
            label={t('adminPlugin.field.changelog')}
            rule={PLUGIN_TEXT_RULES.changelog}
            renderInput={(lang, language) => (
              <Input.TextArea
                aria-label={`${t('adminPlugin.field.changelog')} (${language})`}
                maxLength={PLUGIN_CHANGELOG_MAX_LENGTH}
                autoSize={{ minRows: 2, maxRows: 6 }}
                placeholder={lang === 'zh-CN' ? t('adminPlugin.form.changelogPlaceholder') : language}
              />
            )}
          />
        </Col>
      </Row>
    </FormModal>
  );
}
