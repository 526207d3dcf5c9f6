import { termPrice, type TStoreVersion } from '@parlour/contract/calls/store';
import type { TermType } from '@parlour/contract/constants';

/** The prices of every term of one type, in term order. */
export function pricesOfType(version: TStoreVersion, type: TermType) {
  return version.prices.filter((price) => price.type === type).sort((a, b) => a.term - b.term);
}

/** Percent saved by paying a year at once instead of twelve single months; 0 when none. */
export function yearlySaving(version: TStoreVersion): number {
  const month = termPrice(version.prices, 'month', 1);
  const year = termPrice(version.prices, 'year', 1);
  if (!month || !year) return 0;
  return Math.max(0, Math.round((1 - year / (month * 12)) * 100));
}
