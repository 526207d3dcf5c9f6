import type { Lang } from '@parlour/contract/errors';

/**
 * A CNY amount in minor units (fen) as buyers read it in their language: "¥39.00" / "CN¥39.00".
 * Marketplace prices are CNY; the buyer's own currency is shown beside it once the store sets one.
 */
export function formatCny(minorUnits: number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: 'CNY', currencyDisplay: 'symbol' }).format(
    minorUnits / 100,
  );
}

/** A count as the buyer's language groups digits ("12,345"). */
export function formatCount(count: number, lang: Lang): string {
  return new Intl.NumberFormat(lang).format(count);
}
