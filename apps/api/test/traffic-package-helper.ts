import {
  adminAddPlan,
  merchantCreatePackageOrder,
  merchantListPackages,
  type TAdminTrafficPlan,
  type TTrafficPackage,
  type TTrafficPlan,
} from '@parlour/contract/calls/traffic';
import type { TBill, TPayPage } from '@parlour/contract/calls/bill';
import type { CallBody, TestApp } from './helper';
import { expectOk } from './shop-helper';

/** The seeded plans (migration 0008): three general ones and one store plan. */
export const PLAN = { trial: 1, standard: 2, professional: 3, store: 4 } as const;

export type PackageOrder = { package: TTrafficPackage; bill: TBill; payment: TPayPage };
export type PackageList = { list: TTrafficPackage[]; total: number; counts: { general: number; store: number } };

type PackageOrderInput = CallBody<typeof merchantCreatePackageOrder>;
export async function orderPackage(
  t: TestApp,
  token: string,
  input: Omit<PackageOrderInput, 'pay_method'> & Partial<Pick<PackageOrderInput, 'pay_method'>>,
) {
  return expectOk(t.call(merchantCreatePackageOrder, { pay_method: 'alipay', ...input }, token));
}
export async function listPackages(t: TestApp, token: string, input: Record<string, unknown> = {}) {
  return expectOk(t.call(merchantListPackages, input, token));
}

/** Sets a package's used units directly, as the Open API's charges would. */
export async function setUnitsUsed(t: TestApp, packageId: number, unitsUsed: number) {
  await t.database.executeSql('update traffic_packages set units_used = $1 where id = $2', [unitsUsed, packageId]);
}

export type PlanFields = CallBody<typeof adminAddPlan>;
/** A valid new plan, typed from the call (edit one with `{ ...planFields(), id }`). */
export function planFields(overrides: Partial<PlanFields> = {}): PlanFields {
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
/** The same fields with any overrides, unchecked: for error tests that send a wrong or missing field on purpose. */
export function rawPlanFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...planFields(), ...overrides };
}
export type { TAdminTrafficPlan, TTrafficPackage, TTrafficPlan };
