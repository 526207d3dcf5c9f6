import { currentLang } from './i18n';

/** Digits after the decimal point per ISO 4217 code, for the few currencies without two. */
const MINOR_DIGITS: Record<string, number> = { JPY: 0, KRW: 0, VND: 0, BHD: 3, KWD: 3, OMR: 3, TND: 3 };

/** Decimal places of a currency's minor unit (2 for CNY, USD, EUR…). */
export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

/** The platform's own currency: shown with its symbol (¥ in Chinese, CN¥ in English), as merchants know it. */
const HOME_CURRENCY = 'CNY';

/**
 * An amount in minor units (fen, cents) as a currency string in the interface language,
 * e.g. 129900 CNY → "¥1,299.00" in Chinese, "CN¥1,299.00" in English. Any other currency is
 * shown with its ISO code in both languages ("USD 12.34", "JPY 1,500"): a symbol alone is
 * ambiguous ("$" is any dollar in English, "¥" yen or yuan), and a charge converted at the
 * operator's rate must say exactly what the provider takes.
 */
export function formatMoney(amount: number, currency: string, lang: string = currentLang()): string {
  const digits = minorDigits(currency);
  const value = amount / 10 ** digits;
  const currencyDisplay = currency.toUpperCase() === HOME_CURRENCY ? 'symbol' : 'code';
  try {
    return new Intl.NumberFormat(lang, {
      style: 'currency',
      currency,
      currencyDisplay,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    // An unknown currency code throws in Intl; still show the figure rather than break the page.
    return `${currency} ${value.toFixed(digits)}`;
  }
}
