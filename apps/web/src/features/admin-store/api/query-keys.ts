/**
 * Query keys of the operator's store screens. Everything about stores sits under one prefix, so
 * a change to a store (added, renewed, disabled) refreshes the list, its counts and the charts.
 */
export const adminShopsKey = ['admin', 'shops'] as const;
/** Bills of the operator's bill screen: an offline renewal or an offline new store adds one. */
export const adminBillsKey = ['admin', 'bills'] as const;
