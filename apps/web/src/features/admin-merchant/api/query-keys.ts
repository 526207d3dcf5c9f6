/** Query keys of the operator's merchant screen: the list and its charts under one prefix, so adding or editing refreshes all. */
export const adminMerchantsKey = ['admin', 'merchants'] as const;
