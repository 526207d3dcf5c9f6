import { mergeUsageSets } from './closed-day-cache';
import { USAGE_SOURCE_KEYS, type TrafficReportRepository, type UsageFilter, type UsageKey, type UsageRow, type UsageSource } from './traffic-report.repository';
import { addDays } from './usage-days';

/** The keys a filter narrows by, which the source read must have. */
function filterKeys(filter: UsageFilter): UsageKey[] {
  return [filter.shopId ? 'shop_ref' : undefined, filter.platform ? 'platform' : undefined, filter.apiCode ? 'api_code' : undefined].filter(
    (key): key is UsageKey => key !== undefined,
  );
}

/**
 * Which compact roll-up answers each grouping set of a read of folded days: `shop` (per store and
 * platform) or `api` (per merchant, platform and API); `daily` when neither has the keys (a store
 * filter with an API grouping, say). Of one merchant, `api` holds a few rows a day against one per
 * store in `shop`; across merchants they are about the same size. One read answers all the sets
 * when one source can.
 */
export function planUsageSources(filter: UsageFilter, sets: UsageKey[][]): Array<{ source: UsageSource; setIndexes: number[] }> {
  const preferred: UsageSource[] = filter.merchantId !== undefined && !filter.shopId ? ['api', 'shop'] : ['shop', 'api'];
  const narrowed = filterKeys(filter);
  const canAnswer = (source: UsageSource, set: UsageKey[]) => [...set, ...narrowed].every((key) => USAGE_SOURCE_KEYS[source].includes(key));
  const all = sets.map((_, index) => index);
  const single = preferred.find((source) => sets.every((set) => canAnswer(source, set)));
  if (single) return [{ source: single, setIndexes: all }];
  const plan = new Map<UsageSource, number[]>();
  for (const index of all) {
    const source = preferred.find((candidate) => canAnswer(candidate, sets[index])) ?? 'daily';
    plan.set(source, [...(plan.get(source) ?? []), index]);
  }
  return [...plan.entries()].map(([source, setIndexes]) => ({ source, setIndexes }));
}

/**
 * Roll-up sums of any range, exact: the days up to the fold state from the compact roll-ups, the
 * days after it (not closed, or closed but not folded yet) from api_usage_daily. The fold state is
 * read with every call; a fold moving it on between that read and the sums changes nothing, as the
 * folded days it covered stay folded and equal.
 */
export function createUsageReader(deps: { repository: TrafficReportRepository }) {
  const { repository } = deps;
  return {
    async sumUsageSets(filter: UsageFilter, sets: UsageKey[][]): Promise<UsageRow[][]> {
      const foldedThrough = await repository.findFoldedThrough();
      if (!foldedThrough || filter.startDay > foldedThrough) return repository.sumUsageSets(filter, sets, 'daily');
      const foldedFilter = { ...filter, endDay: filter.endDay < foldedThrough ? filter.endDay : foldedThrough };
      const live = filter.endDay > foldedThrough ? repository.sumUsageSets({ ...filter, startDay: addDays(foldedThrough, 1) }, sets, 'daily') : undefined;
      const reads = planUsageSources(foldedFilter, sets).map(async ({ source, setIndexes }) => ({
        setIndexes,
        lists: await repository.sumUsageSets(
          foldedFilter,
          setIndexes.map((index) => sets[index]),
          source,
        ),
      }));
      const [parts, liveLists] = await Promise.all([Promise.all(reads), live]);
      const folded: UsageRow[][] = sets.map(() => []);
      for (const { setIndexes, lists } of parts) setIndexes.forEach((setIndex, position) => (folded[setIndex] = lists[position]));
      return liveLists ? mergeUsageSets(sets, [folded, liveLists]) : folded;
    },
  };
}
