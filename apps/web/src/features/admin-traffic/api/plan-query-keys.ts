/** Query key of the operator's traffic package plan list. */
export const adminPlansKey = ['admin', 'traffic', 'plans'] as const;
