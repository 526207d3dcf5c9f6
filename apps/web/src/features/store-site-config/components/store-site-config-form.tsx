import {
  ZStoreSiteConfigFields,
  type TStoreSiteConfig,
  type TStoreSiteConfigFields,
} from '@parlour/contract/calls/store-site-config';
import type { Role } from '@parlour/contract/constants';
import { Button, Col, Form, Input, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImageUploadField } from '@/components/image-upload-field';
import { storePageLink } from '@/components/store-switcher';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { storeAddress } from '@/lib/store-address';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useEditStoreSiteConfig } from '../api/edit-store-site-config';
import { StoreSiteConfigPreview } from './store-site-config-preview';

const rule = (field: keyof TStoreSiteConfigFields) => fieldRule(ZStoreSiteConfigFields, field);

function fieldsOf(config: TStoreSiteConfig): TStoreSiteConfigFields {
  const { shop_id: _shopId, shop_name: _shopName, domain: _domain, updated_at: _updatedAt, ...fields } = config;
  return fields;
}

/**
 * A store's basic config (spec §3 site config): the form with logo and icon uploads, the primary
 * domain shown with a link to the domain pages, and a preview of the store's header and footer.
 * The merchant's (`role="merchant"`) and the operator's system-config page use it alike.
 */
export function StoreSiteConfigForm({ role, config }: { role: Role; config: TStoreSiteConfig }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TStoreSiteConfigFields>();
  const initial = fieldsOf(config);
  const watched = Form.useWatch([], form) as Partial<TStoreSiteConfigFields> | undefined;
  const [isDirty, setIsDirty] = useState(false);
  const save = useEditStoreSiteConfig(role);
  const leavePrompt = useLeaveGuard(isDirty, {
    title: t('storeSiteConfig.leave.title'),
    content: t('storeSiteConfig.leave.content'),
    ok: t('storeSiteConfig.leave.ok'),
    cancel: t('storeSiteConfig.leave.cancel'),
  });
  const domainPage = storePageLink(
    role === 'merchant' ? '/merchant/setting/domain' : '/admin/setting/domain',
    config.shop_id,
  );

  const onFinish = (values: TStoreSiteConfigFields) =>
    save.mutate(
      { shop_id: config.shop_id, ...values },
      {
        onSuccess: (saved) => {
          form.setFieldsValue(fieldsOf(saved));
          setIsDirty(false);
          feedback.success(t('storeSiteConfig.saved'));
        },
      },
    );

  return (
    <Row gutter={[32, 24]}>
      {leavePrompt}
      <Col xs={24} xl={14}>
        <Form
          form={form}
          name="site_config"
          layout="vertical"
          initialValues={initial}
          onFinish={onFinish}
          onValuesChange={() => setIsDirty(true)}
          noValidate
        >
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item
                name="site_name"
                label={t('storeSiteConfig.fields.siteName')}
                rules={[rule('site_name')]}
                required
              >
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('storeSiteConfig.fields.domain')} extra={t('storeSiteConfig.domainHint')}>
                <Space wrap size={[12, 4]}>
                  <Typography.Text strong data-testid="primary-domain" style={{ wordBreak: 'break-all' }}>
                    {config.domain ?? t('storeSiteConfig.noDomain')}
                  </Typography.Text>
                  <Link to={domainPage}>{t('storeSiteConfig.manageDomains')}</Link>
                  {config.domain ? (
                    <Typography.Link href={storeAddress(config.domain)} target="_blank" rel="noopener noreferrer">
                      {t('storeSiteConfig.openStore')}
                    </Typography.Link>
                  ) : null}
                </Space>
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="logo" label={t('storeSiteConfig.fields.logo')} rules={[rule('logo')]}>
                <ImageUploadField role={role} alt={t('storeSiteConfig.fields.logo')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="ico" label={t('storeSiteConfig.fields.ico')} rules={[rule('ico')]}>
                <ImageUploadField role={role} alt={t('storeSiteConfig.fields.ico')} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="keywords"
                label={t('storeSiteConfig.fields.keywords')}
                rules={[rule('keywords')]}
                extra={t('storeSiteConfig.keywordsHint')}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="description"
                label={t('storeSiteConfig.fields.description')}
                rules={[rule('description')]}
              >
                <Input.TextArea rows={3} maxLength={500} showCount />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="record_number"
                label={t('storeSiteConfig.fields.recordNumber')}
                rules={[rule('record_number')]}
              >
                <Input maxLength={50} placeholder="沪ICP备00000000号" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="service_phone"
                label={t('storeSiteConfig.fields.servicePhone')}
                rules={[rule('service_phone')]}
              >
                <Input maxLength={30} placeholder="400-000-0000" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="copyright" label={t('storeSiteConfig.fields.copyright')} rules={[rule('copyright')]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
          </Row>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={save.isPending}>
              {t('storeSiteConfig.save')}
            </Button>
            <Button
              disabled={!isDirty || save.isPending}
              onClick={() => {
                form.setFieldsValue(initial);
                setIsDirty(false);
              }}
            >
              {t('storeSiteConfig.reset')}
            </Button>
          </Space>
        </Form>
      </Col>
      <Col xs={24} xl={10}>
        <StoreSiteConfigPreview values={watched ?? initial} domain={config.domain} />
      </Col>
    </Row>
  );
}
