import {
  buyerPriceFen,
  convertFen,
  formatMoney,
  toFen,
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
  /** Whether the store adds China freight to the prices it shows (buyer-price.ts buyerPriceFen). */
  addsChinaFreight: boolean;
  /** A marketplace price as shown, with the item's China freight added when the store adds it (null: unknown). */
  show(fen: number, chinaFreightFen?: number | null): ShownPrice;
  /** A price range as shown: one amount where both ends show the same after rounding. */
  showRange(min: number, max: number, chinaFreightFen?: number | null): ShownPrice;
  /** A CNY amount as it is (freight on its own line), in the buyer's language. */
  showCny(fen: number): string;
  /** An amount that is not an item's price (shipping): converted at the store's rates to the minor unit, no markup. */
  showAmount(fen: number): ShownPrice;
  /** An amount in `currency` (minor units) in every currency the store shows, and its CNY fen. */
  convertFrom(
    minor: number,
    currency: PriceCurrency,
  ): { fen: number; amounts: Array<{ currency: PriceCurrency; text: string }> };
}

/** "low – high", or one amount where both read the same. */
const span = (from: string, to: string) => (from === to ? from : `${from} – ${to}`);

export function createPricer(rule: PriceRule, chosen: string | undefined, lang: Lang): Pricer {
  const currency = rule.currencies.find((candidate) => candidate === chosen) ?? rule.defaultCurrency;
  /** An amount in `target`: an item's price rounded as the store rounds prices; any other amount to the minor unit. */
  const inCurrency = (fen: number, target: PriceCurrency, rounding: PriceRounding) =>
    formatMoney(convertFen(fen, target, rule.rates[target] ?? '1', rounding), target, lang);
  const shown = (fen: number, rounding: PriceRounding): ShownPrice => {
    const cny = formatMoney(fen, 'CNY', lang);
    return currency === 'CNY' ? { text: cny, cny: null } : { text: inCurrency(fen, currency, rounding), cny };
  };
  const show = (fen: number, chinaFreightFen: number | null = null) =>
    shown(buyerPriceFen(fen, rule, chinaFreightFen), rule.rounding);
  return {
    currency,
    currencies: rule.currencies,
    addsChinaFreight: rule.addsChinaFreight,
    show,
    showRange(min, max, chinaFreightFen) {
      const low = show(min, chinaFreightFen);
      const high = show(max, chinaFreightFen);
      return { text: span(low.text, high.text), cny: low.cny && high.cny ? span(low.cny, high.cny) : null };
    },
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
    showCny: (fen) => formatMoney(fen, 'CNY', lang),
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
