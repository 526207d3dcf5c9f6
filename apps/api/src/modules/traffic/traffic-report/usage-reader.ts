import { mergeUsageSets } from './closed-day-cache';
import {
  canSourceAnswer,
  type TrafficReportRepository,
  type UsageFilter,
  type UsageKey,
  type UsageRow,
  type UsageSource,
} from './traffic-report.repository';
import { shiftDay, lastClosedDay } from './usage-days';
import { USAGE_SUM_FIELDS } from '../../../db/schema/index';
import { filteredMerchantId } from '../../../lib/tenant-scope';

/**
 * Which roll-up answers each grouping set of a read of folded days: the smallest that has its keys
 * and the filter's. Across merchants `total` (per platform and API, a few rows a day) answers totals,
 * days, platforms and APIs, `shop` (a row per store a day) merchants and stores, `api` (per merchant,
 * platform and API) anything else; of one merchant, `api` is smaller than its stores; of one store,
 * only `shop`. A set none can answer (a store filter with an API grouping) reads api_usage_daily.
 */
export function planUsageSources(
  filter: UsageFilter,
  sets: UsageKey[][],
): Array<{ source: UsageSource; setIndexes: number[] }> {
  const preferred: UsageSource[] = filter.shopId
    ? ['shop']
    : filteredMerchantId(filter.scope, filter.merchantId) !== undefined
      ? ['api', 'shop']
      : ['total', 'shop', 'api'];
  const plan = new Map<UsageSource, number[]>();
  sets.forEach((set, index) => {
    const source = preferred.find((candidate) => canSourceAnswer(candidate, filter, set)) ?? 'daily';
    plan.set(source, [...(plan.get(source) ?? []), index]);
  });
  return [...plan.entries()].map(([source, setIndexes]) => ({ source, setIndexes }));
}

/** Rows summed by one key. */
function sumBy(key: UsageKey, rows: UsageRow[]): UsageRow[] {
  const groups = new Map<string | number | undefined, UsageRow>();
  for (const row of rows) {
    const found = groups.get(row[key]);
    if (!found) {
      groups.set(row[key], { ...sumsOf(row), [key]: row[key] });
      continue;
    }
    for (const field of USAGE_SUM_FIELDS) found[field] += row[field];
  }
  return [...groups.values()];
}
const sumsOf = (row: UsageRow): UsageRow =>
  Object.fromEntries(USAGE_SUM_FIELDS.map((field) => [field, row[field]])) as unknown as UsageRow;

/** How long a process keeps the fold state it read; the state only moves on, and an older one reads more days live, still exact. */
const FOLD_STATE_TTL_MS = 60_000;

/**
 * Roll-up sums of any range, exact: the days up to the fold state from the compact roll-ups, the
 * days after it (not closed, or closed but not folded yet) from api_usage_daily. A fold moving the
 * state on after it was read changes nothing: the days it covered stay folded and equal.
 */
export function createUsageReader(deps: {
  repository: TrafficReportRepository;
  now: () => Date;
  getTimeZone: () => Promise<string>;
}) {
  const { repository } = deps;
  let foldState: { value: Promise<string | null>; expiresAt: number } | undefined;
  function findFoldedThrough() {
    const nowMs = deps.now().getTime();
    if (!foldState || foldState.expiresAt <= nowMs) {
      const value = repository.findFoldedThrough();
      // A failed read is not kept.
      value.catch(() => (foldState = undefined));
      foldState = { value, expiresAt: nowMs + FOLD_STATE_TTL_MS };
    }
    return foldState.value;
  }

  /**
   * Merchants and stores asked of one roll-up are read as one grouping by both (a few thousand
   * rows at most) and summed apart here: one hash table in the database instead of two.
   */
  async function sumPairedSets(filter: UsageFilter, sets: UsageKey[][], source: UsageSource) {
    const merchantsAt = sets.findIndex((set) => set.length === 1 && set[0] === 'merchant_id');
    const storesAt = sets.findIndex((set) => set.length === 1 && set[0] === 'shop_ref');
    if (merchantsAt < 0 || storesAt < 0 || !canSourceAnswer(source, filter, ['merchant_id', 'shop_ref']))
      return repository.sumUsageSets(filter, sets, source);
    const asked = sets.map((set, index) => (index === merchantsAt || index === storesAt ? null : set));
    const others = asked.filter((set): set is UsageKey[] => set !== null);
    const [pairs, ...answers] = await repository.sumUsageSets(filter, [['merchant_id', 'shop_ref'], ...others], source);
    return asked.map((set, index) =>
      set ? answers.shift()! : sumBy(index === merchantsAt ? 'merchant_id' : 'shop_ref', pairs),
    );
  }

  return {
    async sumUsageSets(filter: UsageFilter, sets: UsageKey[][]): Promise<UsageRow[][]> {
      const [stateThrough, zone] = await Promise.all([findFoldedThrough(), deps.getTimeZone()]);
      // The folds are trusted for closed days only: after the operator moves the zone west, days
      // folded under the old zone may still take calls until they close in the new one (and are folded again).
      const closedEnd = lastClosedDay(deps.now(), zone);
      const foldedThrough = stateThrough && stateThrough > closedEnd ? closedEnd : stateThrough;
      if (!foldedThrough || filter.startDay > foldedThrough) return repository.sumUsageSets(filter, sets, 'daily');
      const foldedFilter = { ...filter, endDay: filter.endDay < foldedThrough ? filter.endDay : foldedThrough };
      const live =
        filter.endDay > foldedThrough
          ? repository.sumUsageSets({ ...filter, startDay: shiftDay(foldedThrough, 1) }, sets, 'daily')
          : undefined;
      const reads = planUsageSources(foldedFilter, sets).map(async ({ source, setIndexes }) => ({
        setIndexes,
        lists: await sumPairedSets(
          foldedFilter,
          setIndexes.map((index) => sets[index]),
          source,
        ),
      }));
      const [parts, liveLists] = await Promise.all([Promise.all(reads), live]);
      const folded: UsageRow[][] = sets.map(() => []);
      for (const { setIndexes, lists } of parts)
        setIndexes.forEach((setIndex, position) => (folded[setIndex] = lists[position]));
      return liveLists ? mergeUsageSets(sets, [folded, liveLists]) : folded;
    },
  };
}
