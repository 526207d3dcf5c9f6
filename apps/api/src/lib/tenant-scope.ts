import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Whose rows a read or write may touch. A merchant call is scoped to its merchant; an operator call
 * sees every tenant and says so; `system` is the platform itself acting without a signed-in user (jobs,
 * the payment provider's notifications, the cashier's signed links). Functions take a scope instead of
 * an optional merchant id, so a forgotten tenant is a type error rather than a query over all tenants.
 */
export type TenantScope = { kind: 'merchant'; merchantId: number } | { kind: 'operator' } | { kind: 'system' };

export const merchantScope = (merchantId: number): TenantScope => ({ kind: 'merchant', merchantId });
export const operatorScope: TenantScope = { kind: 'operator' };
export const systemScope: TenantScope = { kind: 'system' };

/** The merchant a scope is limited to; undefined for the operator's and the system's (every tenant). */
export function scopedMerchantId(scope: TenantScope): number | undefined {
  return scope.kind === 'merchant' ? scope.merchantId : undefined;
}

/**
 * The one merchant a query is limited to: the scope's own, else the operator's (or the system's)
 * explicit filter by merchant, which a merchant scope ignores (it is narrower); undefined: every tenant.
 */
export function filteredMerchantId(scope: TenantScope, operatorFilter?: number): number | undefined {
  return scope.kind === 'merchant' ? scope.merchantId : operatorFilter;
}

/** The condition limiting `column` (a merchant_id column) to the scope; none for the operator and the system. */
export function tenantCondition(scope: TenantScope, column: AnyPgColumn): SQL | undefined {
  return scope.kind === 'merchant' ? eq(column, scope.merchantId) : undefined;
}
