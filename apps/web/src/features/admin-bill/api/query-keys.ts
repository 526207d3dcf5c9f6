/** Query keys of the operator's bill screen: bills and income (paid bills) under one prefix. */
export const adminBillsKey = ['admin', 'bills'] as const;
