import { ZSiteSettings, type TSiteSettings } from '@parlour/contract/calls/settings';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { useSetConfig } from '../api/set-config';
import { ImageUploadField } from '@/components/image-upload-field';
import { SaveButton } from './save-button';

const rule = (field: keyof TSiteSettings) => fieldRule(ZSiteSettings, field);

/** Site group: what the public site and the consoles show (name, logo, icon, head, footer). */
export function SiteSettingsForm({ values }: { values: TSiteSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TSiteSettings>();
  const save = useSetConfig();
  const onFinish = (next: TSiteSettings) =>
    save.mutate({ group: 'site', values: next }, { onSuccess: () => feedback.success(t('adminSettings.saved')) });

  return (
    <Form
      form={form}
      name="settings_site"
      layout="vertical"
      initialValues={values}
      onFinish={onFinish}
      noValidate
      className="settings-form"
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="site_name" label={t('adminSettings.site.siteName')} rules={[rule('site_name')]} required>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="domain"
            label={t('adminSettings.site.domain')}
            rules={[rule('domain')]}
            extra={t('adminSettings.site.domainHint')}
          >
            <Input placeholder="www.example.com" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="logo" label={t('adminSettings.site.logo')} rules={[rule('logo')]}>
            <ImageUploadField alt={t('adminSettings.site.logo')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="ico" label={t('adminSettings.site.ico')} rules={[rule('ico')]}>
            <ImageUploadField alt={t('adminSettings.site.ico')} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="keywords"
            label={t('adminSettings.site.keywords')}
            rules={[rule('keywords')]}
            extra={t('adminSettings.site.keywordsHint')}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('adminSettings.site.description')} rules={[rule('description')]}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="record_number" label={t('adminSettings.site.recordNumber')} rules={[rule('record_number')]}>
            <Input maxLength={50} placeholder="京ICP备00000000号" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="copyright" label={t('adminSettings.site.copyright')} rules={[rule('copyright')]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="service_phone" label={t('adminSettings.site.servicePhone')} rules={[rule('service_phone')]}>
            <Input maxLength={30} placeholder="400-000-0000" />
          </Form.Item>
        </Col>
      </Row>
      <SaveButton isPending={save.isPending} />
    </Form>
  );
}
