import { listTimeZones } from '@parlour/contract/business-time';
import { ZPlatformSettingsInput, type TPlatformRules, type TPlatformSettings } from '@parlour/contract/calls/settings';
import { Col, Form, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { describeTimeZone } from '@/lib/business-time';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import { useSetConfig } from '../api/set-config';
import { SaveButton } from './save-button';

const FIELDS = [
  { name: 'captcha_failure_threshold', min: 1, max: 100, unit: 'times' },
  { name: 'store_limit_per_merchant', min: 1, max: 1000, unit: 'stores' },
  { name: 'domains_per_store', min: 1, max: 100, unit: 'domains' },
  { name: 'payment_window_minutes', min: 5, max: 1440, unit: 'minutes' },
  { name: 'grace_days', min: 0, max: 90, unit: 'days' },
] as const satisfies ReadonlyArray<{ name: keyof TPlatformRules; min: number; max: number; unit: string }>;

/**
 * Platform rules: captcha threshold, store and domain limits, the bill payment window, grace days;
 * and the business time zone whose days the reports count (any zone the browser knows, searchable
 * by name, shown with its current UTC offset); whether every operator must sign in with two factors;
 * and the store IDs the operator reserves beside the platform's fixed list (shown under them).
 */
export function PlatformRulesForm({ values }: { values: TPlatformSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TPlatformSettings>();
  const save = useSetConfig();
  const onFinish = (next: TPlatformSettings) =>
    save.mutate({ group: 'platform', values: next }, { onSuccess: () => feedback.success(t('adminSettings.saved')) });
  const zoneOptions = useMemo(() => {
    const now = new Date();
    const zones = listTimeZones();
    // A stored zone this browser does not list is still shown (the save would refuse it until changed).
    if (values.business_time_zone && !zones.includes(values.business_time_zone))
      zones.unshift(values.business_time_zone);
    return zones.map((zone) => ({ value: zone, label: describeTimeZone(zone, now) }));
  }, [values.business_time_zone]);

  return (
    <Form
      form={form}
      name="settings_platform"
      layout="vertical"
      initialValues={values}
      onFinish={onFinish}
      noValidate
      className="settings-form"
    >
      <Row gutter={24}>
        {FIELDS.map((field) => (
          <Col key={field.name} xs={24} md={12}>
            <Form.Item
              name={field.name}
              label={t(`adminSettings.platform.${field.name}`)}
              rules={[fieldRule(ZPlatformSettingsInput, field.name)]}
              extra={t(`adminSettings.platform.${field.name}_hint`)}
              required
            >
              <InputNumber
                min={field.min}
                max={field.max}
                precision={0}
                style={{ width: '100%' }}
                addonAfter={t(`adminSettings.platform.unit.${field.unit}`)}
              />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item
            name="business_time_zone"
            label={t('adminSettings.platform.business_time_zone')}
            rules={[fieldRule(ZPlatformSettingsInput, 'business_time_zone')]}
            extra={t('adminSettings.platform.business_time_zone_hint')}
            required
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={zoneOptions}
              placeholder={t('adminSettings.platform.business_time_zone_placeholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="require_admin_two_factor"
            label={t('adminSettings.platform.require_admin_two_factor')}
            valuePropName="checked"
            extra={t('adminSettings.platform.require_admin_two_factor_hint')}
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="reserved_shop_ids"
            label={t('adminSettings.platform.reserved_shop_ids')}
            rules={[fieldRule(ZPlatformSettingsInput, 'reserved_shop_ids')]}
            extra={t('adminSettings.platform.reserved_shop_ids_hint')}
          >
            <Select
              mode="tags"
              open={false}
              suffixIcon={null}
              tokenSeparators={[',', ' ', '，']}
              placeholder={t('adminSettings.platform.reserved_shop_ids_placeholder')}
            />
          </Form.Item>
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: 2, expandable: 'collapsible' }}
            data-testid="reserved-shop-ids-fixed"
          >
            {t('adminSettings.platform.reserved_shop_ids_fixed', {
              count: values.reserved_shop_ids_fixed.length,
              ids: values.reserved_shop_ids_fixed.join(', '),
            })}
          </Typography.Paragraph>
        </Col>
      </Row>
      <SaveButton isPending={save.isPending} />
    </Form>
  );
}
