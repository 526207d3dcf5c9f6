import { merchantCreatePackageOrder, merchantListPackages, type TAdminTrafficPlan, type TTrafficPackage, type TTrafficPlan } from '@parlour/contract/calls/traffic';
import type { TBill, TPayPage } from '@parlour/contract/calls/bill';
import type { TestApp } from './helper';
import { expectOk } from './shop-helper';

/** The seeded plans (migration 0008): three general ones and one store plan. */
export const PLAN = { trial: 1, standard: 2, professional: 3, store: 4 } as const;

export type PackageOrder = { package: TTrafficPackage; bill: TBill; payment: TPayPage };
export type PackageList = { list: TTrafficPackage[]; total: number; counts: { general: number; store: number } };

export async function orderPackage(t: TestApp, token: string, input: Record<string, unknown>) {
  return expectOk(t.callRaw(merchantCreatePackageOrder, { pay_method: 'alipay', ...input }, token));
}
export async function listPackages(t: TestApp, token: string, input: Record<string, unknown> = {}) {
  return expectOk(t.call(merchantListPackages, input, token));
}

/** Sets a package's used units directly, as the Open API's charges would. */
export async function setUnitsUsed(t: TestApp, packageId: number, unitsUsed: number) {
  await t.database.executeSql('update traffic_packages set units_used = $1 where id = $2', [unitsUsed, packageId]);
}

export function planFields(overrides: Record<string, unknown> = {}) {
  return {
    name: `Plan ${Math.random().toString(36).slice(2, 8)}`,
    units: 500,
    valid_days: 30,
    is_general: true,
    price: 1000,
    original_price: 2000,
    currency: 'CNY',
    api_usage: 'item_get 1 unit, item_search 2 units',
    status: 'enabled',
    sort: 50,
    ...overrides,
  };
}
export type { TAdminTrafficPlan, TTrafficPackage, TTrafficPlan };
