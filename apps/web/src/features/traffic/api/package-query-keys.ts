/** Every cached package list and plan list of the packages tab; buying or paying invalidates them. */
export const packageListKey = ['traffic', 'packages'] as const;
export const packagePlansKey = ['traffic', 'package-plans'] as const;
