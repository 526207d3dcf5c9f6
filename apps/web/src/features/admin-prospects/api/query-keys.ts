/** Query keys of the operator's prospect screen. */
export const adminProspectsKey = ['admin', 'prospects'] as const;
