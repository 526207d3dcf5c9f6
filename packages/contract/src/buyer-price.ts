/**
 * What a buyer pays for a marketplace item in the currency they read (issue 24 §2), written once for
 * the storefront's pages and (next) for checkout. Money is integer minor units with each currency's own
 * exponent (ISO 4217: JPY, KRW and VND have none); rates are decimal strings (1 CNY in the currency), read
 * exactly — no floating point decides a price.
 */

/** The currencies a store may show besides CNY, in the order merchants pick them from. */
export const DISPLAY_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'KRW',
  'RUB',
  'AUD',
  'CAD',
  'SGD',
  'HKD',
  'TWD',
  'MYR',
  'THB',
  'VND',
  'NZD',
] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];
export type PriceCurrency = 'CNY' | DisplayCurrency;

/** Minor-unit exponent of each currency (ISO 4217). */
export const CURRENCY_EXPONENTS: Record<PriceCurrency, number> = {
  CNY: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  KRW: 0,
  RUB: 2,
  AUD: 2,
  CAD: 2,
  SGD: 2,
  HKD: 2,
  TWD: 2,
  MYR: 2,
  THB: 2,
  VND: 0,
  NZD: 2,
};

/**
 * How a converted price is rounded, always up (the merchant never sells below the markup): to 0.01,
 * 0.1 or 1 of the currency, or to the next price ending .99 (in a currency without minor units, the
 * next whole amount ending 9). A step finer than the currency's minor unit is its minor unit.
 */
export const PRICE_ROUNDINGS = ['cent', 'tenth', 'whole', 'ninety_nine'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

/** A rate as merchants and operators type it: 1 CNY in the currency, up to 8 decimals, above 0. */
export const RATE_PATTERN = /^(?=.*[1-9])\d{1,9}(\.\d{1,8})?$/;
export const MARKUP_PERCENT_MAX = 100;
/** The largest minimum markup per item, in fen (¥100,000). */
export const MIN_MARKUP_MAX = 10_000_000;

/** An exact decimal as a fraction of integers. */
function fraction(decimal: string): { numerator: bigint; denominator: bigint } {
  const [whole, decimals = ''] = decimal.split('.');
  return { numerator: BigInt(`${whole}${decimals}`), denominator: 10n ** BigInt(decimals.length) };
}

const ceilDiv = (numerator: bigint, denominator: bigint) => (numerator + denominator - 1n) / denominator;

/** The item price with the store's markup, in fen: `markupPercent` of it, at least `minMarkup` fen (rounded up to the fen). */
export function withMarkup(fen: number, markup: { percent: number; minimum: number }): number {
  const byPercent = Number(ceilDiv(BigInt(fen) * BigInt(markup.percent), 100n));
  return fen + Math.max(byPercent, markup.minimum);
}

/**
 * What the buyer pays in CNY for an item, in fen: the item price with the store's markup, then the
 * item's China freight (the seller's domestic shipping to the store's warehouse) when the store adds it
 * and the marketplace names it. Freight passes through at cost: the markup is on the item alone. Unknown
 * freight (null) adds nothing — the page says so rather than guessing. Pages and checkout both price with it.
 */
export function buyerPriceFen(
  itemFen: number,
  rule: { markup: { percent: number; minimum: number }; addsChinaFreight: boolean },
  chinaFreightFen: number | null = null,
): number {
  const freight = rule.addsChinaFreight && chinaFreightFen !== null ? Math.max(0, chinaFreightFen) : 0;
  return withMarkup(itemFen, rule.markup) + freight;
}

/**
 * A CNY amount (fen) in `currency`'s minor units at `rate` (1 CNY in the currency, a decimal string),
 * rounded up as `rounding` says. CNY itself answers the fen unchanged.
 */
export function convertFen(fen: number, currency: PriceCurrency, rate: string, rounding: PriceRounding): number {
  if (currency === 'CNY') return fen;
  if (!RATE_PATTERN.test(rate)) throw new RangeError(`rate ${rate} is not a positive decimal`);
  const exponent = CURRENCY_EXPONENTS[currency];
  const { numerator, denominator } = fraction(rate);
  // fen / 100 CNY × rate × 10^exponent minor units, exactly: a fraction of integers.
  const exactNumerator = BigInt(fen) * numerator * 10n ** BigInt(exponent);
  const exactDenominator = 100n * denominator;
  const unit = 10n ** BigInt(exponent);
  if (rounding === 'ninety_nine') {
    // Cents: the next X.99 (X.99 itself included). No minor units: the next whole amount ending 9.
    // The smallest k × step − 1 (one minor unit below a step) that is not below the exact amount.
    const step = exponent > 0 ? unit : 10n;
    return Number(ceilDiv(exactNumerator + exactDenominator, step * exactDenominator) * step - 1n);
  }
  const stepMajor = { cent: [1n, 100n], tenth: [1n, 10n], whole: [1n, 1n] }[rounding];
  // The step in minor units, at least one minor unit.
  const stepMinor = (stepMajor[0] * unit) / stepMajor[1] || 1n;
  return Number(ceilDiv(exactNumerator, stepMinor * exactDenominator) * stepMinor);
}

/**
 * The formatters made so far, by language and currency: making an Intl.NumberFormat costs far more
 * than formatting with it (a store's result page formats some forty prices).
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as buyers read it in their language: "US$12.99", "¥1,239", "CN¥39.00". */
export function formatMoney(minor: number, currency: PriceCurrency, lang: string): string {
  const exponent = CURRENCY_EXPONENTS[currency];
  const key = `${lang} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    moneyFormats.set(key, format);
  }
  return format.format(minor / 10 ** exponent);
}

/**
 * An amount of `currency` (minor units) in CNY fen at `rate` (1 CNY in the currency), rounded to the
 * nearest fen: the way back of {@link convertFen}, for a converter a buyer types a foreign amount into.
 */
export function toFen(minor: number, currency: PriceCurrency, rate: string): number {
  if (currency === 'CNY') return minor;
  if (!RATE_PATTERN.test(rate)) throw new RangeError(`rate ${rate} is not a positive decimal`);
  const { numerator, denominator } = fraction(rate);
  // minor / 10^exponent units ÷ rate × 100 fen, exactly, then half up.
  const exactNumerator = BigInt(minor) * denominator * 100n;
  const exactDenominator = numerator * 10n ** BigInt(CURRENCY_EXPONENTS[currency]);
  return Number((exactNumerator * 2n + exactDenominator) / (exactDenominator * 2n));
}
