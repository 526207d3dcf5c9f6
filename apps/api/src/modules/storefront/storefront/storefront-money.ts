import { convertFen, formatMoney, withMarkup, type PriceCurrency } from '@parlour/contract/buyer-price';
import type { Lang } from '@parlour/contract/errors';
import type { PriceRule } from '../../stores/store-pricing/store-pricing.service';

/** A marketplace price as the buyer sees it: in their currency with the store's markup, and the CNY it comes from. */
export interface ShownPrice {
  text: string;
  /** The CNY price with the markup, shown beside a converted one; null when the price is in CNY. */
  cny: string | null;
}

/** How a store's page shows prices: the buyer's currency (chosen, else the store's default) and the store's rule. */
export interface Pricer {
  currency: PriceCurrency;
  currencies: readonly PriceCurrency[];
  show(fen: number): ShownPrice;
}

export function createPricer(rule: PriceRule, chosen: string | undefined, lang: Lang): Pricer {
  const currency = rule.currencies.find((candidate) => candidate === chosen) ?? rule.defaultCurrency;
  return {
    currency,
    currencies: rule.currencies,
    show(fen) {
      const marked = withMarkup(fen, rule.markup);
      const cny = formatMoney(marked, 'CNY', lang);
      if (currency === 'CNY') return { text: cny, cny: null };
      return {
        text: formatMoney(convertFen(marked, currency, rule.rates[currency]!, rule.rounding), currency, lang),
        cny,
      };
    },
  };
}

/** One formatter per language, made once (making one costs far more than using it). */
const countFormats = new Map<Lang, Intl.NumberFormat>();

/** A count as the buyer's language groups digits ("12,345"). */
export function formatCount(count: number, lang: Lang): string {
  let format = countFormats.get(lang);
  if (!format) countFormats.set(lang, (format = new Intl.NumberFormat(lang)));
  return format.format(count);
}
