import {
  convertFen,
  formatMoney,
  toFen,
  withMarkup,
  type PriceCurrency,
  type PriceRounding,
} from '@parlour/contract/buyer-price';
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
  /** An amount that is not an item's price (shipping): converted at the store's rates to the minor unit, no markup. */
  showAmount(fen: number): ShownPrice;
  /** An amount in `currency` (minor units) in every currency the store shows, and its CNY fen. */
  convertFrom(
    minor: number,
    currency: PriceCurrency,
  ): { fen: number; amounts: Array<{ currency: PriceCurrency; text: string }> };
}

export function createPricer(rule: PriceRule, chosen: string | undefined, lang: Lang): Pricer {
  const currency = rule.currencies.find((candidate) => candidate === chosen) ?? rule.defaultCurrency;
  /** An amount in `target`: an item's price rounded as the store rounds prices; any other amount to the minor unit. */
  const inCurrency = (fen: number, target: PriceCurrency, rounding: PriceRounding) =>
    formatMoney(convertFen(fen, target, rule.rates[target] ?? '1', rounding), target, lang);
  const shown = (fen: number, rounding: PriceRounding): ShownPrice => {
    const cny = formatMoney(fen, 'CNY', lang);
    return currency === 'CNY' ? { text: cny, cny: null } : { text: inCurrency(fen, currency, rounding), cny };
  };
  return {
    currency,
    currencies: rule.currencies,
    show: (fen) => shown(withMarkup(fen, rule.markup), rule.rounding),
    showAmount: (fen) => shown(fen, 'cent'),
    convertFrom(minor, from) {
      const fen = from === 'CNY' ? minor : toFen(minor, from, rule.rates[from]!);
      return {
        fen,
        amounts: rule.currencies
          .filter((target) => target !== from)
          .map((target) => ({ currency: target, text: inCurrency(fen, target, 'cent') })),
      };
    },
  };
}

/** A count as the buyer's language groups digits ("12,345"). */
export function formatCount(count: number, lang: Lang): string {
  return new Intl.NumberFormat(lang).format(count);
}
