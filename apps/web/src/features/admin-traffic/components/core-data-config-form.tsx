import { LOG_PLATFORMS } from '@parlour/contract/constants';
import {
  PRODUCT_DATA_DEFAULT_PLATFORM_PATHS,
  ZPlatformPaths,
  ZProductDataConfigInput,
  type TPlatform,
  type TPlatformPaths,
  type TProductDataConfig,
} from '@parlour/contract/calls/open-core';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Skeleton,
  Tag,
  Typography,
  type FormRule,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { platformLabel } from '@/components/traffic-labels';
import { fieldRule, validateField } from '@/lib/form-rules';
import { useEditProductDataConfig, useProductDataConfig } from '../api/core-data-config';

interface ConfigValues {
  provider: 'sandbox' | 'http';
  base_url: string;
  key: string;
  secret: string;
  timeout_ms: number | null;
  platform_paths: TPlatformPaths;
}

function valuesOf(config: TProductDataConfig): ConfigValues {
  const { provider, base_url, key, timeout_ms, platform_paths } = config;
  return { provider, base_url, key, secret: '', timeout_ms, platform_paths };
}

/** The rule of one platform's vendor path, from the contract (the field is nested under platform_paths). */
function platformPathRule(platform: TPlatform): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = validateField(ZPlatformPaths, platform, value);
      if (message) throw new Error(message);
    },
  };
}

/** The product-data provider: sandbox (no account needed) or a vendor's HTTP API with key, secret and timeout. */
export function CoreDataConfigForm() {
  const { t } = useTranslation(['translation', 'validation']);
  const config = useProductDataConfig();
  const save = useEditProductDataConfig();
  const [form] = Form.useForm<ConfigValues>();
  const provider = Form.useWatch('provider', form);

  useEffect(() => {
    if (config.data) form.setFieldsValue(valuesOf(config.data));
  }, [config.data, form]);

  const onFinish = (values: ConfigValues) => {
    const parsed = ZProductDataConfigInput.safeParse({ ...values, timeout_ms: values.timeout_ms ?? undefined });
    if (!parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        feedback.success(t('openApi.config.saved'));
        form.setFieldsValue(valuesOf(saved));
      },
    });
  };

  const isHttp = provider === 'http';
  return (
    <Card
      title={t('openApi.config.title')}
      extra={
        config.data?.updated_at ? (
          <Typography.Text type="secondary">
            {t('openApi.config.updatedAt', { time: dayjs(config.data.updated_at).format('YYYY-MM-DD HH:mm') })}
          </Typography.Text>
        ) : null
      }
    >
      {config.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Form
          form={form}
          name="product_data_config"
          layout="vertical"
          noValidate
          onFinish={onFinish}
          onFinishFailed={() => feedback.error(t('validation:form_error'))}
          disabled={save.isPending}
        >
          <Form.Item
            name="provider"
            label={t('openApi.config.provider')}
            rules={[fieldRule(ZProductDataConfigInput, 'provider')]}
          >
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'sandbox', label: t('openApi.config.sandbox') },
                { value: 'http', label: t('openApi.config.http') },
              ]}
            />
          </Form.Item>
          <Alert
            type={isHttp ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            title={isHttp ? t('openApi.config.httpHint') : t('openApi.config.sandboxHint')}
          />
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="base_url"
                label={t('openApi.config.baseUrl')}
                rules={[fieldRule(ZProductDataConfigInput, 'base_url')]}
                extra={t('openApi.config.baseUrlHint')}
              >
                <Input placeholder="https://api-gw.onebound.cn" disabled={!isHttp} maxLength={300} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="timeout_ms"
                label={t('openApi.config.timeout')}
                rules={[fieldRule(ZProductDataConfigInput, 'timeout_ms')]}
                extra={t('openApi.config.timeoutHint')}
              >
                <InputNumber min={200} max={60000} step={500} precision={0} style={{ width: '100%' }} suffix="ms" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="key" label={t('openApi.config.key')} rules={[fieldRule(ZProductDataConfigInput, 'key')]}>
                <Input disabled={!isHttp} maxLength={200} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="secret"
                label={t('openApi.config.secret')}
                rules={[fieldRule(ZProductDataConfigInput, 'secret')]}
              >
                <Input.Password
                  disabled={!isHttp}
                  maxLength={200}
                  autoComplete="new-password"
                  placeholder={
                    config.data?.has_secret ? t('openApi.config.secretKeep') : t('openApi.config.secretEmpty')
                  }
                  suffix={
                    config.data?.has_secret ? (
                      <Tag color="success">{t('openApi.config.secretSet')}</Tag>
                    ) : (
                      <Tag>{t('openApi.config.secretNotSet')}</Tag>
                    )
                  }
                />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text strong>{t('openApi.config.paths')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('openApi.config.pathsHint')}
          </Typography.Paragraph>
          <Row gutter={16}>
            {LOG_PLATFORMS.map((platform) => (
              <Col xs={24} sm={12} lg={6} key={platform}>
                <Form.Item
                  name={['platform_paths', platform]}
                  label={platformLabel(t, platform)}
                  rules={[platformPathRule(platform)]}
                >
                  <Input
                    disabled={!isHttp}
                    maxLength={40}
                    placeholder={PRODUCT_DATA_DEFAULT_PLATFORM_PATHS[platform]}
                    prefix={<Typography.Text type="secondary">/</Typography.Text>}
                    suffix={<Typography.Text type="secondary">/item_get/</Typography.Text>}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('openApi.config.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
