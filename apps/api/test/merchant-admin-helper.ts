import type { TAdminMerchant } from '@parlour/contract/calls/merchant-admin';
import { GOOD_PASSWORD, uniqueEmail, type TestApp } from './helper';
import { expectOk } from './store-helper';

export const MERCHANT_PATHS = {
  list: 'admin/member/merchant/lists',
  add: 'admin/member/merchant/add',
  edit: 'admin/member/merchant/edit',
  registerTrend: 'admin/member/merchant/register_trend',
  typeDistribution: 'admin/member/merchant/type_distribution',
  overview: 'admin/member/user/overview',
} as const;

/** Adds a merchant through the operator call and answers its row. */
export async function addMerchant(t: TestApp, adminToken: string, fields: Record<string, unknown> = {}) {
  return expectOk(t.call<TAdminMerchant>(MERCHANT_PATHS.add, { email: uniqueEmail('added'), password: GOOD_PASSWORD, ...fields }, adminToken));
}

export async function listMerchants(t: TestApp, adminToken: string, input: Record<string, unknown> = {}) {
  return expectOk(t.call<{ list: TAdminMerchant[]; total: number }>(MERCHANT_PATHS.list, input, adminToken));
}
export type { TAdminMerchant };
