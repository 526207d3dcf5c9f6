import {
  MARKUP_PERCENT_MAX,
  MIN_MARKUP_MAX,
  RATE_PATTERN,
  type DisplayCurrency,
  type PriceRounding,
} from '@parlour/contract/buyer-price';
import type { RateSource, TRates, TStorePricing } from '@parlour/contract/calls/store-pricing';
import type { TStorePricingEditInput } from '../api/edit-store-pricing';

/**
 * The pricing form's values: the call's fields, except that the minimum markup is typed in yuan
 * (two decimals) and sent in fen, and a number field may be cleared while typing.
 */
export interface PricingFormValues {
  currencies: DisplayCurrency[];
  rate_source: RateSource;
  own_rates: TRates;
  markup_percent: number | null;
  /** Yuan in the form; fen in the call. */
  min_markup: number | null;
  rounding: PriceRounding;
  adds_china_freight: boolean;
}

/** Yuan (as typed, two decimals at most) in fen; Math.round absorbs binary fractions (0.29 × 100). */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);

export function valuesOf(pricing: TStorePricing): PricingFormValues {
  return {
    currencies: pricing.currencies,
    rate_source: pricing.rate_source,
    own_rates: pricing.own_rates,
    markup_percent: pricing.markup_percent,
    min_markup: pricing.min_markup / 100,
    rounding: pricing.rounding,
    adds_china_freight: pricing.adds_china_freight,
  };
}

/**
 * The call's body from valid form values. The store's own rates of the currencies shown are kept
 * (typed ones survive a switch to the platform's rates and back), but while the platform's rates
 * apply a half-typed one is dropped rather than refused: its field is not on screen.
 */
export function inputOf(shopId: string, values: PricingFormValues): TStorePricingEditInput {
  const ownRates: TRates = {};
  for (const currency of values.currencies) {
    const rate = values.own_rates[currency]?.trim();
    if (rate && (values.rate_source === 'own' || RATE_PATTERN.test(rate))) ownRates[currency] = rate;
  }
  return {
    shop_id: shopId,
    currencies: values.currencies,
    rate_source: values.rate_source,
    own_rates: ownRates,
    markup_percent: values.markup_percent ?? 0,
    min_markup: yuanToFen(values.min_markup ?? 0),
    rounding: values.rounding,
    adds_china_freight: values.adds_china_freight,
  };
}

/** The rate buyers' prices in `currency` would use now, undefined when there is none (the currency is then not shown). */
export function appliedRate(
  currency: DisplayCurrency,
  values: Pick<PricingFormValues, 'rate_source' | 'own_rates'>,
  platformRates: TRates,
): string | undefined {
  const rate = values.rate_source === 'own' ? values.own_rates[currency]?.trim() : platformRates[currency];
  return rate && RATE_PATTERN.test(rate) ? rate : undefined;
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/** The markup the form describes, kept in range while a field is half-typed (the preview never throws). */
export function markupOf(values: Pick<PricingFormValues, 'markup_percent' | 'min_markup'>) {
  return {
    percent: clamp(Math.round(values.markup_percent ?? 0), MARKUP_PERCENT_MAX),
    minimum: clamp(yuanToFen(values.min_markup ?? 0), MIN_MARKUP_MAX),
  };
}
