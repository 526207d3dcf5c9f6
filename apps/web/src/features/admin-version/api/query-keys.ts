/** Query key of the operator's version list. */
export const adminVersionsKey = ['admin', 'versions'] as const;
/**
 * The store screens cache the versions to choose from (and show version names); a changed
 * version refreshes them too.
 */
export const adminShopsKey = ['admin', 'shops'] as const;
