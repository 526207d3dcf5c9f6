import { DISPLAY_CURRENCIES, type DisplayCurrency } from '@parlour/contract/buyer-price';
import { ZRates, type TExchangeRates, type TRates } from '@parlour/contract/calls/store-pricing';
import { Button, Col, Form, Input, Row, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencyLabel } from '@/lib/currency-names';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { validateValue } from '@/lib/form-rules';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useExchangeRates } from '../api/get-exchange-rates';
import { usePublishExchangeRates } from '../api/publish-exchange-rates';
import { settingsLoadState } from './settings-load-state';

interface RatesFormValues {
  rates: TRates;
}

/** A rate may be left empty (that currency is not published); one typed must be a rate. */
function rateRule(currency: DisplayCurrency): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const rate = typeof value === 'string' ? value.trim() : '';
      const message = rate === '' ? undefined : validateValue(ZRates, { [currency]: rate }, 'rates');
      if (message) throw new Error(message);
    },
  };
}

/** The rates typed, each trimmed; the empty ones left out. */
function typedRates(rates: TRates | undefined): TRates {
  const typed: TRates = {};
  for (const currency of DISPLAY_CURRENCIES) {
    const rate = rates?.[currency]?.trim();
    if (rate) typed[currency] = rate;
  }
  return typed;
}

function ExchangeRatesForm({ published }: { published: TExchangeRates }) {
  const { t, i18n } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<RatesFormValues>();
  const publish = usePublishExchangeRates();
  const onFinish = (values: RatesFormValues) =>
    publish.mutate(typedRates(values.rates), {
      onSuccess: (saved) => {
        form.setFieldsValue({ rates: saved.rates });
        feedback.success(t('adminSettings.rates.published'));
      },
      onError: (error) => showServerFieldErrors(form, error, { formErrorMessage: t('validation:form_error') }),
    });

  return (
    <Form<RatesFormValues>
      form={form}
      name="settings_exchange_rates"
      layout="vertical"
      initialValues={{ rates: published.rates }}
      onFinish={onFinish}
      onFinishFailed={() => feedback.error(t('validation:form_error'))}
      noValidate
      className="settings-form exchange-rates-form"
    >
      <Typography.Paragraph type="secondary">{t('adminSettings.rates.intro')}</Typography.Paragraph>
      <Typography.Paragraph data-testid="rates-updated-at">
        {published.updated_at
          ? t('adminSettings.rates.updatedAt', { time: dayjs(published.updated_at).format('YYYY-MM-DD HH:mm') })
          : t('adminSettings.rates.neverPublished')}
      </Typography.Paragraph>
      <Row gutter={24}>
        {DISPLAY_CURRENCIES.map((currency) => (
          <Col key={currency} xs={24} md={12} xl={8}>
            <Form.Item
              name={['rates', currency]}
              label={currencyLabel(currency, i18n.language)}
              rules={[rateRule(currency)]}
            >
              <Input
                inputMode="decimal"
                autoComplete="off"
                prefix={t('adminSettings.rates.addon')}
                suffix={currency}
                placeholder={t('adminSettings.rates.notPublished')}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Button type="primary" htmlType="submit" loading={publish.isPending} disabled={publish.isPending}>
        {t('adminSettings.rates.publish')}
      </Button>
    </Form>
  );
}

/**
 * The "Exchange rates" tab: the rate of each display currency the platform publishes for stores that
 * follow the platform's rates, when they were last published, and the publish button. Loaded only when
 * the tab is opened (default export for React.lazy).
 */
export default function ExchangeRatesTab() {
  const rates = useExchangeRates();
  const pending = settingsLoadState(rates);
  if (pending || !rates.data) return pending;
  return <ExchangeRatesForm published={rates.data} />;
}
