/** Query keys of the operator's notice screen. */
export const adminNoticesKey = ['admin', 'notices'] as const;
