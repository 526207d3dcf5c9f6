import {
  DISPLAY_CURRENCIES,
  MARKUP_PERCENT_MAX,
  MIN_MARKUP_MAX,
  PRICE_ROUNDINGS,
  type DisplayCurrency,
} from '@parlour/contract/buyer-price';
import { RATE_SOURCES, ZRates, ZStorePricingFields, type TStorePricing } from '@parlour/contract/calls/store-pricing';
import {
  Alert,
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
  type FormRule,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyLabel } from '@/lib/currency-names';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { fieldRule, issueMessage, validateField, validateValue } from '@/lib/form-rules';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useEditStorePricing } from '../api/edit-store-pricing';
import { inputOf, valuesOf, yuanToFen, type PricingFormValues } from './pricing-form-values';
import { StorePricingPreview } from './store-pricing-preview';

const rule = (field: 'currencies' | 'rate_source' | 'markup_percent' | 'rounding') =>
  fieldRule(ZStorePricingFields, field);

/** The minimum markup is typed in yuan: checked as the fen the call sends. */
const minMarkupRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    const message =
      typeof value === 'number'
        ? validateField(ZStorePricingFields, 'min_markup', yuanToFen(value))
        : issueMessage({ message: 'min_markup_invalid', path: ['min_markup'] });
    if (message) throw new Error(message);
  },
};

/** A store's own rate of `currency`: required and well-formed while the store's own rates apply. */
function ownRateRule(currency: DisplayCurrency): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (getFieldValue('rate_source') !== 'own') return;
      const rate = typeof value === 'string' ? value.trim() : '';
      const message =
        rate === ''
          ? issueMessage({ message: 'exchange_rate_required', path: ['own_rates', currency] })
          : validateValue(ZRates, { [currency]: rate }, 'own_rates');
      if (message) throw new Error(message);
    },
  });
}

/** A refused field's path in the call, as the form names it: a currency's rate, else the field itself. */
function formNameOf(path: string[]): string[] {
  const [field = '', currency] = path;
  return field === 'own_rates' && currency ? [field, currency] : [field];
}

/**
 * A store's pricing (issue 24 §2), on the store settings' "Pricing" tab: the currencies shown besides
 * CNY and their rates (the platform's, shown for reference, or the store's own), the markup, the
 * rounding and China freight; beside it a preview of two sample items as buyers would see them.
 */
export function StorePricingForm({ pricing }: { pricing: TStorePricing }) {
  const { t, i18n } = useTranslation(['translation', 'validation']);
  const lang = i18n.language;
  const [form] = Form.useForm<PricingFormValues>();
  const initial = useMemo(() => valuesOf(pricing), [pricing]);
  const watched = Form.useWatch([], { form, preserve: true }) as Partial<PricingFormValues> | undefined;
  const values: PricingFormValues = {
    ...initial,
    ...watched,
    own_rates: { ...initial.own_rates, ...watched?.own_rates },
  };
  const [isDirty, setIsDirty] = useState(false);
  const save = useEditStorePricing();
  const leavePrompt = useLeaveGuard(isDirty, {
    title: t('storePricing.leave.title'),
    content: t('storePricing.leave.content'),
    ok: t('storePricing.leave.ok'),
    cancel: t('storePricing.leave.cancel'),
  });

  const isOwn = values.rate_source === 'own';
  const platformRates = pricing.platform_rates;
  const unpublished = values.currencies.filter((currency) => !platformRates[currency]);
  const currencyOptions = useMemo(
    () => DISPLAY_CURRENCIES.map((currency) => ({ value: currency, label: currencyLabel(currency, lang) })),
    [lang],
  );

  const onFinish = () => {
    // Every value, a rate whose field is off screen (the platform's rates apply) included.
    const all = form.getFieldsValue(true) as PricingFormValues;
    save.mutate(inputOf(pricing.shop_id, { ...all, own_rates: all.own_rates ?? {} }), {
      onSuccess: (saved) => {
        form.setFieldsValue(valuesOf(saved));
        setIsDirty(false);
        feedback.success(t('storePricing.saved'));
      },
      onError: (error) =>
        showServerFieldErrors(form, error, {
          formErrorMessage: t('validation:form_error'),
          toName: formNameOf,
        }),
    });
  };

  const platformRateText = (currency: DisplayCurrency) => {
    const rate = platformRates[currency];
    return rate ? t('storePricing.platformRate', { rate, currency }) : t('storePricing.platformRateNone');
  };

  return (
    <Row gutter={[32, 24]}>
      {leavePrompt}
      <Col xs={24} xl={14}>
        <Form<PricingFormValues>
          form={form}
          name="store_pricing"
          layout="vertical"
          initialValues={initial}
          onFinish={onFinish}
          onFinishFailed={() => feedback.error(t('validation:form_error'))}
          onValuesChange={() => setIsDirty(true)}
          noValidate
        >
          <Form.Item
            name="currencies"
            label={t('storePricing.fields.currencies')}
            rules={[rule('currencies')]}
            extra={t('storePricing.currenciesHint')}
          >
            <Select
              mode="multiple"
              allowClear
              options={currencyOptions}
              placeholder={t('storePricing.currenciesPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item
            name="rate_source"
            label={t('storePricing.fields.rateSource')}
            rules={[rule('rate_source')]}
            extra={isOwn ? t('storePricing.rateSourceHint.own') : t('storePricing.rateSourceHint.platform')}
          >
            <Radio.Group
              options={RATE_SOURCES.map((source) => ({ value: source, label: t(`storePricing.rateSource.${source}`) }))}
            />
          </Form.Item>

          <section className="pricing-rates" aria-label={t('storePricing.fields.rates')}>
            <Typography.Text strong>{t('storePricing.fields.rates')}</Typography.Text>
            {pricing.platform_rates_updated_at ? (
              <Typography.Text type="secondary" className="pricing-rates__updated">
                {t('storePricing.platformRatesUpdated', {
                  time: dayjs(pricing.platform_rates_updated_at).format('YYYY-MM-DD HH:mm'),
                })}
              </Typography.Text>
            ) : null}
            {values.currencies.length === 0 ? (
              <Typography.Paragraph type="secondary" className="pricing-rates__empty">
                {t('storePricing.noCurrencies')}
              </Typography.Paragraph>
            ) : null}
            {!isOwn && unpublished.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                className="pricing-rates__alert"
                title={t('storePricing.missingPlatformRates', { currencies: unpublished.join(', ') })}
              />
            ) : null}
            {values.currencies.map((currency) =>
              isOwn ? (
                <Form.Item
                  key={currency}
                  name={['own_rates', currency]}
                  label={currencyLabel(currency, lang)}
                  rules={[ownRateRule(currency)]}
                  extra={platformRateText(currency)}
                  required
                >
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    prefix={t('storePricing.rateAddon')}
                    suffix={currency}
                    placeholder={platformRates[currency] ?? ''}
                    style={{ maxWidth: 320 }}
                  />
                </Form.Item>
              ) : (
                <div key={currency} className="pricing-rates__row" data-testid={`platform-rate-${currency}`}>
                  <span>{currencyLabel(currency, lang)}</span>
                  {platformRates[currency] ? (
                    <Typography.Text>
                      {t('storePricing.rateAddon')} {platformRates[currency]} {currency}
                    </Typography.Text>
                  ) : (
                    <Tag color="warning">{t('storePricing.notShown')}</Tag>
                  )}
                </div>
              ),
            )}
          </section>

          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item
                name="markup_percent"
                label={t('storePricing.fields.markupPercent')}
                rules={[rule('markup_percent')]}
                extra={t('storePricing.markupPercentHint')}
                required
              >
                <InputNumber min={0} max={MARKUP_PERCENT_MAX} precision={0} suffix="%" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="min_markup"
                label={t('storePricing.fields.minMarkup')}
                rules={[minMarkupRule]}
                extra={t('storePricing.minMarkupHint')}
                required
              >
                <InputNumber
                  min={0}
                  max={MIN_MARKUP_MAX / 100}
                  precision={2}
                  step={1}
                  prefix="¥"
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="rounding"
                label={t('storePricing.fields.rounding')}
                rules={[rule('rounding')]}
                extra={t('storePricing.roundingHint')}
              >
                <Select
                  options={PRICE_ROUNDINGS.map((rounding) => ({
                    value: rounding,
                    label: t(`storePricing.rounding.${rounding}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="adds_china_freight"
                label={t('storePricing.fields.addsChinaFreight')}
                valuePropName="checked"
                extra={t('storePricing.addsChinaFreightHint')}
              >
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={save.isPending}>
              {t('storePricing.save')}
            </Button>
            <Button
              disabled={!isDirty || save.isPending}
              onClick={() => {
                form.resetFields();
                setIsDirty(false);
              }}
            >
              {t('storePricing.reset')}
            </Button>
          </Space>
        </Form>
      </Col>
      <Col xs={24} xl={10}>
        <StorePricingPreview values={values} platformRates={platformRates} />
      </Col>
    </Row>
  );
}
