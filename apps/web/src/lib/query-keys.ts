/**
 * The console's query-key convention (bulletproof-react's `queryOptions` per call):
 * - each call file (features/<feature>/api/<call>.ts, or lib/api/<call>.ts when several features
 *   show it) exports `<call>QueryOptions(input)`, built with react-query's `queryOptions`, and a
 *   hook `use…(input)` that is `useQuery(<call>QueryOptions(input))`;
 * - a key starts with the root below of the records it shows, so a change invalidates every query
 *   it makes stale with one root (`invalidateQueries({ queryKey: adminShopsKey })`), whichever
 *   feature it is in; a change to one query alone uses that query's `<call>QueryOptions(…).queryKey`.
 * A query that nothing invalidates (a picker's options, a public page's list) keys itself.
 */

// The operator's screens.
export const adminBillsKey = ['admin', 'bills'] as const;
/** Stores, their charts and the versions the store forms offer (a changed version refreshes them). */
export const adminShopsKey = ['admin', 'shops'] as const;
export const adminMerchantsKey = ['admin', 'merchants'] as const;
export const adminDashboardKey = ['admin', 'dashboard'] as const;
export const adminNoticesKey = ['admin', 'notices'] as const;
export const adminVersionsKey = ['admin', 'versions'] as const;
export const adminProspectsKey = ['admin', 'prospects'] as const;
/** Every settings group. */
export const adminSettingsKey = ['admin', 'settings'] as const;
export const adminTrafficReportKey = ['admin', 'traffic-report'] as const;
export const adminPlansKey = ['admin', 'traffic', 'plans'] as const;
export const adminPackagesKey = ['admin', 'traffic', 'packages'] as const;
/** The core data tab: provider configuration, data sources, API catalogue. */
export const coreDataKey = ['admin', 'core-data'] as const;

// The merchant's screens.
export const merchantShopsKey = ['store', 'list'] as const;
export const merchantNoticesKey = ['store', 'notices'] as const;
export const merchantBillsKey = ['bill', 'list'] as const;
/** The traffic reports: a new call (or a bought package) refreshes them all. */
export const merchantTrafficReportKey = ['merchant', 'traffic-report'] as const;
export const merchantPackagesKey = ['traffic', 'packages'] as const;
export const merchantPackagePlansKey = ['traffic', 'package-plans'] as const;
export const merchantShopKeysKey = ['merchant', 'shop-keys'] as const;

