import { currentLang } from './i18n';

/** Digits after the decimal point per ISO 4217 code, for the few currencies without two. */
const MINOR_DIGITS: Record<string, number> = { JPY: 0, KRW: 0, VND: 0, BHD: 3, KWD: 3, OMR: 3, TND: 3 };

/** Decimal places of a currency's minor unit (2 for CNY, USD, EUR…). */
export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

/**
 * An amount in minor units (fen, cents) as a currency string in the interface language,
 * e.g. 129900 CNY → "¥1,299.00" in Chinese, "CN¥1,299.00" in English.
 */
export function formatMoney(amount: number, currency: string, lang: string = currentLang()): string {
  const digits = minorDigits(currency);
  const value = amount / 10 ** digits;
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  } catch {
    // An unknown currency code throws in Intl; still show the figure rather than break the page.
    return `${currency} ${value.toFixed(digits)}`;
  }
}
