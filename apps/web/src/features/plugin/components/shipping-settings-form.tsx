import { SHIPPING_ZONES_MAX, ZShippingZone, type TStoreShipping } from '@parlour/contract/calls/store-shipping';
import { PHONE_COUNTRIES } from '@parlour/contract/phone';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Form, Input, InputNumber, Row, Select, type FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { validateField } from '@/lib/form-rules';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useEditStoreShipping } from '../api/edit-store-shipping';
import { SettingsFormFrame, type SettingsFormProps } from './settings-form-frame';

/** A zone as the form holds it: prices in yuan (the call sends fen). */
interface ZoneValues {
  name: string;
  countries: string[];
  first_weight: number | null;
  first_price: number | null;
  step_weight: number | null;
  step_price: number | null;
}
interface ShippingValues {
  zones: ZoneValues[];
}
type ZoneField = keyof ZoneValues;

const toFen = (yuan: number | null) => (typeof yuan === 'number' ? Math.round(yuan * 100) : yuan);
const toYuan = (fen: number) => fen / 100;
const isPrice = (field: ZoneField) => field === 'first_price' || field === 'step_price';

/** A zone field's own contract rule (a price typed in yuan is checked as the fen the call sends). */
const zoneRule = (field: ZoneField): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const sent = isPrice(field) ? toFen(value as number | null) : value;
    const message = validateField(ZShippingZone, field, sent ?? undefined);
    if (message) throw new Error(message);
  },
});

/** A refused field's path in the call (`zones.1.first_price`, `zones.0.countries.2`) as the form names it. */
const formNameOf = (path: string[]) => {
  const [list, index, field] = path;
  return list === 'zones' && index !== undefined && field ? ['zones', Number(index), field] : path;
};

const valuesOf = (shipping: TStoreShipping): ShippingValues => ({
  zones: shipping.zones.map((zone) => ({
    ...zone,
    first_price: toYuan(zone.first_price),
    step_price: toYuan(zone.step_price),
  })),
});

const NEW_ZONE: ZoneValues = {
  name: '',
  countries: [],
  first_weight: 500,
  first_price: null,
  step_weight: 500,
  step_price: null,
};

/**
 * The store's shipping rate table (shipping_estimator's settings, the store's own shipping data): zones
 * with their destinations, first weight and price, continued weight and price.
 */
export function ShippingSettingsForm({
  shopId,
  onDirtyChange,
  settings,
}: SettingsFormProps & { settings: TStoreShipping }) {
  const { t, i18n } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<ShippingValues>();
  const save = useEditStoreShipping();
  const countryOptions = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return PHONE_COUNTRIES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` })).sort((a, b) =>
      a.label.localeCompare(b.label, i18n.language),
    );
  }, [i18n.language]);

  const onFinish = (values: ShippingValues) =>
    save.mutate(
      {
        shop_id: shopId,
        zones: (values.zones ?? []).map((zone) => ({
          name: zone.name,
          countries: zone.countries as never,
          first_weight: zone.first_weight ?? 0,
          first_price: toFen(zone.first_price) ?? 0,
          step_weight: zone.step_weight ?? 0,
          step_price: toFen(zone.step_price) ?? 0,
        })),
      },
      {
        onSuccess: (saved) => {
          form.setFieldsValue(valuesOf(saved));
          onDirtyChange(false);
          feedback.success(t('pluginSettings.saved'));
        },
        onError: (error) =>
          showServerFieldErrors(form, error, { formErrorMessage: t('validation:form_error'), toName: formNameOf }),
      },
    );

  const numberField = (index: number, field: ZoneField, label: string, isMoney: boolean) => (
    <Col xs={12} md={6}>
      <Form.Item name={[index, field]} label={label} rules={[zoneRule(field)]}>
        <InputNumber
          style={{ width: '100%' }}
          min={isMoney ? 0 : 1}
          precision={isMoney ? 2 : 0}
          step={isMoney ? 1 : 100}
          inputMode={isMoney ? 'decimal' : 'numeric'}
        />
      </Form.Item>
    </Col>
  );

  return (
    <Form<ShippingValues>
      form={form}
      name="shipping_settings"
      layout="vertical"
      initialValues={valuesOf(settings)}
      onFinish={onFinish}
      onFinishFailed={() => feedback.error(t('validation:form_error'))}
      onValuesChange={() => onDirtyChange(true)}
      noValidate
    >
      <SettingsFormFrame intro={t('pluginSettings.shipping.intro')} isSaving={save.isPending}>
        <Form.List name="zones">
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pluginSettings.shipping.empty')} />
              ) : null}
              {fields.map((field, position) => (
                <Card
                  key={field.key}
                  size="small"
                  title={t('pluginSettings.shipping.zone', { index: position + 1 })}
                  style={{ marginBottom: 12 }}
                  extra={
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('pluginSettings.shipping.remove', { index: position + 1 })}
                      onClick={() => {
                        remove(field.name);
                        onDirtyChange(true);
                      }}
                    />
                  }
                >
                  <Row gutter={12}>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'name']}
                        label={t('pluginSettings.shipping.name')}
                        rules={[zoneRule('name')]}
                      >
                        <Input maxLength={40} autoComplete="off" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={16}>
                      <Form.Item
                        name={[field.name, 'countries']}
                        label={t('pluginSettings.shipping.countries')}
                        rules={[zoneRule('countries')]}
                      >
                        <Select
                          mode="multiple"
                          allowClear
                          options={countryOptions}
                          placeholder={t('pluginSettings.shipping.countriesPlaceholder')}
                          showSearch={{ optionFilterProp: 'label' }}
                          maxTagCount="responsive"
                        />
                      </Form.Item>
                    </Col>
                    {numberField(field.name, 'first_weight', t('pluginSettings.shipping.firstWeight'), false)}
                    {numberField(field.name, 'first_price', t('pluginSettings.shipping.firstPrice'), true)}
                    {numberField(field.name, 'step_weight', t('pluginSettings.shipping.stepWeight'), false)}
                    {numberField(field.name, 'step_price', t('pluginSettings.shipping.stepPrice'), true)}
                  </Row>
                </Card>
              ))}
              {fields.length < SHIPPING_ZONES_MAX ? (
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => {
                    add({ ...NEW_ZONE });
                    onDirtyChange(true);
                  }}
                >
                  {t('pluginSettings.shipping.add')}
                </Button>
              ) : null}
            </>
          )}
        </Form.List>
      </SettingsFormFrame>
    </Form>
  );
}
