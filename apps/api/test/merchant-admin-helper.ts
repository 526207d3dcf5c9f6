import { adminAddMerchant, adminListMerchants, type TAdminMerchant } from '@parlour/contract/calls/merchant-admin';
import { GOOD_PASSWORD, uniqueEmail, type TestApp } from './helper';
import { expectOk } from './shop-helper';

/** Adds a merchant through the operator call and answers its row. */
export async function addMerchant(t: TestApp, adminToken: string, fields: Record<string, unknown> = {}) {
  return expectOk(
    t.call(adminAddMerchant, { email: uniqueEmail('added'), password: GOOD_PASSWORD, ...fields }, adminToken),
  );
}

export async function listMerchants(t: TestApp, adminToken: string, input: Record<string, unknown> = {}) {
  return expectOk(t.call(adminListMerchants, input, adminToken));
}
export type { TAdminMerchant };
