/** Query keys of the core data tab: provider configuration, data sources, API catalogue. */
export const coreDataKey = ['admin', 'core-data'] as const;
export const productDataConfigKey = [...coreDataKey, 'config'] as const;
export const dataSourcesKey = [...coreDataKey, 'sources'] as const;
export const openApisKey = [...coreDataKey, 'apis'] as const;
