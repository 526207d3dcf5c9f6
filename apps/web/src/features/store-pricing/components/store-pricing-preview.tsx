import { convertFen, formatMoney, withMarkup, type PriceCurrency } from '@parlour/contract/buyer-price';
import type { TRates } from '@parlour/contract/calls/store-pricing';
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencyLabel } from '@/lib/currency-names';
import { appliedRate, markupOf, type PricingFormValues } from './pricing-form-values';

/** Two marketplace prices a merchant would recognise: a small item and a larger one, in fen. */
export const PREVIEW_SAMPLES = [3_900, 25_900] as const;

interface PreviewRow {
  currency: PriceCurrency;
  /** Per sample: the price buyers see, or why the currency is not shown. */
  prices: { text: string; isShown: boolean }[];
}

/**
 * What buyers would pay for two sample items under the form as it is now (not saved yet): the
 * markup, then each currency shown at the rate that would apply, rounded as chosen — the contract's
 * buyer-price rule, as the store's pages apply it.
 */
export function StorePricingPreview({ values, platformRates }: { values: PricingFormValues; platformRates: TRates }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const markup = markupOf(values);
  const marked = PREVIEW_SAMPLES.map((fen) => withMarkup(fen, markup));
  const rows: PreviewRow[] = [
    { currency: 'CNY', prices: marked.map((fen) => ({ text: formatMoney(fen, 'CNY', lang), isShown: true })) },
    ...values.currencies.map((currency) => {
      const rate = appliedRate(currency, values, platformRates);
      const missing =
        values.rate_source === 'own' ? t('storePricing.preview.noRate') : t('storePricing.preview.notShown');
      return {
        currency,
        prices: marked.map((fen) =>
          rate
            ? { text: formatMoney(convertFen(fen, currency, rate, values.rounding), currency, lang), isShown: true }
            : { text: missing, isShown: false },
        ),
      };
    }),
  ];

  return (
    <Card
      size="small"
      title={t('storePricing.preview.title')}
      data-testid="pricing-preview"
      aria-label={t('storePricing.preview.title')}
    >
      <Typography.Paragraph type="secondary">
        {t('storePricing.preview.hint', {
          small: formatMoney(PREVIEW_SAMPLES[0], 'CNY', lang),
          large: formatMoney(PREVIEW_SAMPLES[1], 'CNY', lang),
        })}
      </Typography.Paragraph>
      <Table<PreviewRow>
        size="small"
        rowKey="currency"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            key: 'currency',
            title: t('storePricing.preview.currency'),
            // The code keeps the table narrow enough for a phone; the name is the code's tooltip.
            render: (_, row) => <abbr title={currencyLabel(row.currency, lang)}>{row.currency}</abbr>,
          },
          ...PREVIEW_SAMPLES.map((fen, index) => ({
            key: `sample-${index}`,
            title: formatMoney(fen, 'CNY', lang),
            align: 'right' as const,
            render: (_: unknown, row: PreviewRow) => {
              const price = row.prices[index];
              if (!price) return null;
              return price.isShown ? (
                <Typography.Text strong>{price.text}</Typography.Text>
              ) : (
                <Typography.Text type="warning">{price.text}</Typography.Text>
              );
            },
          })),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {values.adds_china_freight ? t('storePricing.preview.freightAdded') : t('storePricing.preview.freightNotAdded')}
      </Typography.Paragraph>
    </Card>
  );
}
