import { z } from 'zod';
import {
  DISPLAY_CURRENCIES,
  MARKUP_PERCENT_MAX,
  MIN_MARKUP_MAX,
  PRICE_ROUNDINGS,
  RATE_PATTERN,
  type DisplayCurrency,
} from '../buyer-price';
import { defineCall, ZEmptyInput } from '../call';
import { ZShopId } from './store';

/**
 * Prices in the buyer's currency (issue 24 §2). Per store, edited by the merchant on the store settings'
 * "Pricing" tab: the currencies shown besides CNY, the rate of each (the store's own, or the platform's
 * that the operator publishes in settings), the markup (percent, at least a minimum per item in CNY), how
 * converted prices are rounded, and whether China freight is added. The rule itself is buyer-price.ts.
 */

const ZCurrency = z.enum(DISPLAY_CURRENCIES, { error: 'display_currency_invalid' });
const ZRate = z
  .string({ error: 'exchange_rate_invalid' })
  .trim()
  .regex(RATE_PATTERN, { error: 'exchange_rate_invalid' });
/** Rates by currency: 1 CNY in each. */
export const ZRates = z.partialRecord(ZCurrency, ZRate);
export type TRates = Partial<Record<DisplayCurrency, string>>;

export const RATE_SOURCES = ['platform', 'own'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

const ZPricingObject = z.object({
  /** Shown besides CNY, in the order chosen; the first is the default for a buyer who has not picked one. */
  currencies: z
    .array(ZCurrency, { error: 'display_currency_invalid' })
    .max(DISPLAY_CURRENCIES.length, { error: 'display_currency_invalid' })
    .refine((list) => new Set(list).size === list.length, { error: 'display_currency_invalid' }),
  rate_source: z.enum(RATE_SOURCES, { error: 'rate_source_invalid' }),
  /** The store's own rates (used when rate_source is own; one for each currency shown). */
  own_rates: ZRates.default({}),
  markup_percent: z
    .number({ error: 'markup_percent_invalid' })
    .int({ error: 'markup_percent_invalid' })
    .min(0, { error: 'markup_percent_invalid' })
    .max(MARKUP_PERCENT_MAX, { error: 'markup_percent_invalid' }),
  /** The least markup per item, in fen. */
  min_markup: z
    .number({ error: 'min_markup_invalid' })
    .int({ error: 'min_markup_invalid' })
    .min(0, { error: 'min_markup_invalid' })
    .max(MIN_MARKUP_MAX, { error: 'min_markup_invalid' }),
  rounding: z.enum(PRICE_ROUNDINGS, { error: 'price_rounding_invalid' }),
  /** Add the item's China freight (when the marketplace names it) to the price shown. */
  adds_china_freight: z.boolean({ error: 'adds_china_freight_invalid' }),
});
/** With the store's own rates, every currency shown needs one. */
function ownRatesRule(fields: z.output<typeof ZPricingObject>, context: z.RefinementCtx) {
  if (fields.rate_source !== 'own') return;
  for (const currency of fields.currencies)
    if (!fields.own_rates[currency])
      context.addIssue({ code: 'custom', path: ['own_rates', currency], message: 'exchange_rate_required' });
}
export const ZStorePricingFields = ZPricingObject.superRefine(ownRatesRule);
export type TStorePricingFields = z.infer<typeof ZStorePricingFields>;

export const ZStorePricing = z.object({
  shop_id: z.string(),
  currencies: z.array(z.enum(DISPLAY_CURRENCIES)),
  rate_source: z.enum(RATE_SOURCES),
  own_rates: z.partialRecord(z.enum(DISPLAY_CURRENCIES), z.string()),
  markup_percent: z.number().int(),
  min_markup: z.number().int(),
  rounding: z.enum(PRICE_ROUNDINGS),
  adds_china_freight: z.boolean(),
  /** The operator's published rates, for the merchant to compare with (and used when rate_source is platform). */
  platform_rates: z.partialRecord(z.enum(DISPLAY_CURRENCIES), z.string()),
  platform_rates_updated_at: z.string().nullable(),
  /** When the store's pricing was last saved; null while it holds the defaults. */
  updated_at: z.string().nullable(),
});
export type TStorePricing = z.infer<typeof ZStorePricing>;

export const ZStorePricingRef = z.object({ shop_id: ZShopId });
export const ZStorePricingEditInput = ZPricingObject.extend({ shop_id: ZShopId }).superRefine(ownRatesRule);

export const merchantStorePricingDetail = defineCall({
  path: 'merchant/parlour/pricing/detail',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary:
    "One of the merchant's stores' pricing: currencies shown besides CNY, rates (own or the platform's), markup, rounding, China freight",
  input: ZStorePricingRef,
  output: ZStorePricing,
});
export const merchantStorePricingEdit = defineCall({
  path: 'merchant/parlour/pricing/edit',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: "Saves one of the merchant's stores' pricing; the store's pages show the new prices at once",
  input: ZStorePricingEditInput,
  output: ZStorePricing,
});

// ---------- the platform's rates (operator settings) ----------

export const ZExchangeRates = z.object({
  rates: z.partialRecord(z.enum(DISPLAY_CURRENCIES), z.string()),
  updated_at: z.string().nullable(),
});
export type TExchangeRates = z.infer<typeof ZExchangeRates>;
export const ZExchangeRatesEditInput = z.object({ rates: ZRates });

export const adminExchangeRatesDetail = defineCall({
  path: 'admin/setting/exchange_rates/detail',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'The exchange rates the platform publishes for stores that follow them (1 CNY in each currency)',
  input: ZEmptyInput,
  output: ZExchangeRates,
});
export const adminExchangeRatesEdit = defineCall({
  path: 'admin/setting/exchange_rates/edit',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Publishes the platform exchange rates (audited); stores following them show the new prices at once',
  input: ZExchangeRatesEditInput,
  output: ZExchangeRates,
});
