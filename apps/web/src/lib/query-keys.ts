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
export const adminOperationsKey = ['admin', 'operations'] as const;
/** Every settings group. */
export const adminSettingsKey = ['admin', 'settings'] as const;
export const adminTrafficReportKey = ['admin', 'traffic-report'] as const;
export const adminPlansKey = ['admin', 'traffic', 'plans'] as const;
export const adminPackagesKey = ['admin', 'traffic', 'packages'] as const;
/** The core data tab: provider configuration, data sources, API catalogue. */
export const coreDataKey = ['admin', 'core-data'] as const;
/** The plugin catalogue, its details and its types (a renamed type renames the plugins' type, so types sit under plugins). */
export const adminPluginsKey = ['admin', 'plugins'] as const;
export const adminPluginTypesKey = ['admin', 'plugins', 'types'] as const;
/** Any store's domains (the system-config group). */
export const adminDomainsKey = ['admin', 'domains'] as const;

// Both consoles.
/** The signed-in user's sessions (the role is the key's next part). */
export const accountSessionsKey = ['account', 'sessions'] as const;
/** The operator's two-factor sign-in state. */
export const adminTwoFactorKey = ['admin', 'two-factor'] as const;

// The merchant's screens.
export const merchantShopsKey = ['store', 'list'] as const;
/** The domains of the merchant's stores. */
export const merchantDomainsKey = ['merchant', 'domains'] as const;
export const merchantNoticesKey = ['store', 'notices'] as const;
export const merchantBillsKey = ['bill', 'list'] as const;
/** The traffic reports: a new call (or a bought package) refreshes them all. */
export const merchantTrafficReportKey = ['merchant', 'traffic-report'] as const;
export const merchantPackagesKey = ['traffic', 'packages'] as const;
export const merchantPackagePlansKey = ['traffic', 'package-plans'] as const;
export const merchantShopKeysKey = ['merchant', 'shop-keys'] as const;
/** The plugin market and a store's plugins: a purchase, a trial or an enable/disable refreshes both. */
export const merchantPluginsKey = ['merchant', 'plugins'] as const;
/** The merchant's account notices (a disabled period it has not acknowledged). */
export const merchantSuspensionNoticesKey = ['merchant', 'suspension-notices'] as const;
