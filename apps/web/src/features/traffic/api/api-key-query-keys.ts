/** Query key of the merchant's store API keys. */
export const shopKeysKey = ['merchant', 'shop-keys'] as const;
