import { performance } from 'node:perf_hooks';
import type { ApiCallCacheState, ApiCallSource } from '@parlour/contract/calls/traffic-report';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { executeNamed } from '../../../db/named-statement';
import { createGroupCommit } from '../../../db/group-commit';
import { joinCallerOwner, KEY_OWNER_COLUMNS, keyOwnerOf, type KeyOwner, type KeyOwnerRow } from './shop-key.repository';

export interface CatalogueEntry {
  /** null when the platform has no data source. */
  isSourceEnabled: boolean | null;
  api: {
    id: number;
    name: string;
    cost: number;
    isEnabled: boolean;
    /** The product-data cache's windows (seconds) and units of a cached answer (null: `cost`). */
    freshSeconds: number;
    staleSeconds: number;
    cachedCost: number | null;
  } | null;
}

/** What a log row needs besides its outcome. */
export interface CallIdentity {
  merchantId: number;
  shopRef: number;
  shopName: string;
  platform: string;
  apiCode: string;
  apiName: string;
  requestParams: Record<string, string>;
  /** Who made the call: the store's system with its key, or the store's own site (its charge and log rows say so). */
  source: ApiCallSource;
}

/** Who is calling: a store API key (its hash), or the store itself (its shops.id: the storefront). */
export type Caller = { keyHash: string } | { shopRef: number };

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * One statement that ends calls in flight: the CTE `moved` (its SQL given) deletes their charge rows,
 * returning them with final_status, final_error, final_ms, finished_at, final_units (the units the call
 * keeps: all of them on success, 0 on failure, fewer for a stale copy served when the vendor failed) and
 * final_cache (where the answer came from); what a call does not keep goes back to its package; each
 * call's one log row is written; the roll-up is added to. Lock order: the
 * charge rows (the delete), then packages (the refund, which the roll-up waits for), then roll-up rows
 * in key order — the order of the charging transaction too (packages, then roll-up rows).
 */
function settleStatement(moved: SQL, now: Date) {
  return sql`
    with moved as (${moved}),
    refunded as (
      update traffic_packages p set units_used = p.units_used - r.units, updated_at = ${now}
      from (select package_ref, sum(units - final_units)::int as units from moved where final_units < units group by package_ref order by package_ref) r
      where p.id = r.package_ref and p.units_used >= r.units
      returning p.id),
    logged as (
      insert into api_call_logs (id, created_at, finished_at, merchant_id, shop_ref, shop_name, platform, api_code,
                                 api_name, package_ref, package_name, status, charged_units, response_ms, error, request_params,
                                 source, cache_state)
      select id, created_at, finished_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name, package_ref,
             package_name, final_status, final_units, final_ms, final_error, request_params, source, final_cache
      from moved
      returning id),
    ended as (
      select created_at, merchant_id, shop_ref, platform, api_code, final_status as status, source,
             final_units as charged_units, final_ms as response_ms
      from moved
      -- The refunds first (their package locks), then the roll-up rows.
      where (select count(*) from refunded) >= 0),
    -- The roll-up's one upsert, api_usage_add (migration 0025), which open_api_charge calls too.
    rolled as (select api_usage_add(coalesce(jsonb_agg(ended), '[]'::jsonb)) as added from ended)
    select id from moved, (select count(*) from logged) as written, rolled`;
}

function rowsOfIds(result: unknown): number[] {
  return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
}

/**
 * The Open API's SQL. Units move only here: the charge (an increment of a usable package, under its
 * row lock, in the transaction that inserts the call's charge row) and the refund (a conditional
 * decrement, in the statement that deletes the charge row and writes the log row). Charges and settles
 * go through group commit: the calls arriving while a batch is in flight share the next one, and each
 * batch is one statement on JSON input whatever its size (the charge a PL/pgSQL function). Locks
 * are taken in one order everywhere — charge rows, then packages by id, then roll-up rows by key — so
 * charges, settles and the sweep, in any number of processes, never wait on each other in a circle.
 */
export function createOpenApiRepository(db: Db) {
  const lookUp = createGroupCommit(lookUpBatch);
  const charging = createGroupCommit(chargeBatch);
  const settling = createGroupCommit(settleBatch);

  return {
    async hasCalls(merchantId: number): Promise<boolean> {
      const result = await db.execute(
        sql`select exists (select 1 from api_call_logs where merchant_id = ${merchantId}) as found`,
      );
      return Boolean(rowsOf<{ found: boolean }>(result)[0]?.found);
    },

    /**
     * The owner of the caller — a key's store, or the store named — with the key owner's SQL of
     * shop-key.repository.ts, and the catalogue entry of the call (the platform's data source and the
     * API), in one query: lookups arriving together share it, whichever caller each names. Undefined
     * when the key belongs to no store, or no store has the id.
     */
    findCallContext(
      caller: Caller,
      platform: string,
      apiCode: string,
    ): Promise<{ owner: KeyOwner; entry: CatalogueEntry } | undefined> {
      return lookUp({ caller, platform, apiCode });
    },

    /**
     * Takes `cost` units from a usable package — the store's own packages first, then general ones,
     * the earliest to expire first — and inserts the call's charge row, in one transaction (shared with
     * the calls that arrived meanwhile: group commit). Answers the call's id (its charge row's, and
     * its log row's once settled) and the package, or null (with a quota_exhausted log row written,
     * not charged) when no package has enough units left.
     */
    charge(call: CallIdentity & { cost: number; now: Date; startedAt?: number }): Promise<ChargeResult> {
      return charging({ kind: 'charge', call, now: call.now });
    },

    /**
     * A call that ends without a charge — refused (rejected, quota exhausted), a cached answer whose API
     * makes cached answers free (success, cached or stale), or a failure shared with the vendor call it
     * waited for (failed_upstream): its final row and roll-up, 0 units; in the charge's batch.
     */
    async logUncharged(call: CallIdentity, outcome: UnchargedOutcome) {
      await charging({ kind: 'final', call, ...outcome });
    },

    /**
     * Ends a charged call in one statement (shared with other settles: group commit): its charge row
     * is deleted and its log row written — success keeps the units, a failure gives them back — with
     * the roll-up. Answers false when the call was no longer in flight (the sweep settled it first,
     * refunding it), in which case nothing changes.
     */
    settle(callId: number, outcome: SettleOutcome): Promise<boolean> {
      return settling({ callId, ...outcome });
    },

    /**
     * Settles calls charged before `cutoff` and still in flight as failed_upstream and refunds them
     * (their process died between charging and settling, or never came back). Rows locked by a live
     * settle are skipped; a batch at a time. Answers how many calls it settled.
     */
    async sweepStale(options: { cutoff: Date; now: Date; batch?: number }): Promise<number> {
      const batch = options.batch ?? 500;
      let total = 0;
      for (;;) {
        const moved = sql`
          delete from api_call_charges c
          where c.id in (select id from api_call_charges where created_at < ${options.cutoff}
                         order by created_at limit ${batch} for update skip locked)
          returning c.*, 'failed_upstream'::text as final_status, ${SWEPT_ERROR}::text as final_error,
                    null::int as final_ms, ${options.now}::timestamptz as finished_at, 0 as final_units,
                    'live'::text as final_cache`;
        const settled = rowsOfIds(await executeNamed(db, 'open_api_sweep', settleStatement(moved, options.now))).length;
        total += settled;
        if (settled < batch) return total;
      }
    },
  };

  /** Callers' owners and catalogue entries of a batch of calls, in one query (a read: no transaction). */
  async function lookUpBatch(items: Array<{ caller: Caller; platform: string; apiCode: string }>) {
    const input = JSON.stringify(
      items.map((item, index) => ({
        ordinal: index,
        key_hash: 'keyHash' in item.caller ? item.caller.keyHash : null,
        shop_ref: 'shopRef' in item.caller ? item.caller.shopRef : null,
        platform: item.platform,
        api_code: item.apiCode,
      })),
    );
    const rows = rowsOf<
      KeyOwnerRow & {
        ordinal: number;
        source_enabled: boolean | null;
        api_id: number | null;
        api_name: string | null;
        api_cost: number | null;
        api_enabled: boolean | null;
        api_fresh_seconds: number | null;
        api_stale_seconds: number | null;
        api_cached_cost: number | null;
      }
    >(
      await executeNamed(
        db,
        'open_api_look_up',
        sql`
        select i.ordinal, ${KEY_OWNER_COLUMNS},
               d.is_enabled as source_enabled, a.id as api_id, a.name as api_name, a.cost as api_cost, a.is_enabled as api_enabled,
               a.fresh_seconds as api_fresh_seconds, a.stale_seconds as api_stale_seconds, a.cached_cost as api_cached_cost
        from jsonb_to_recordset(${input}::jsonb) as i(ordinal int, key_hash text, shop_ref int, platform text, api_code text)
        ${joinCallerOwner({ keyHash: sql`i.key_hash`, shopRef: sql`i.shop_ref` })}
        left join data_sources d on d.platform = i.platform
        left join open_apis a on a.platform = i.platform and a.code = i.api_code`,
      ),
    );
    const found = new Map(rows.map((row) => [Number(row.ordinal), row]));
    return items.map((_, index) => {
      const row = found.get(index);
      if (!row) return undefined;
      return {
        owner: keyOwnerOf(row),
        entry: {
          isSourceEnabled: row.source_enabled ?? null,
          api: row.api_id
            ? {
                id: Number(row.api_id),
                name: row.api_name ?? '',
                cost: Number(row.api_cost),
                isEnabled: Boolean(row.api_enabled),
                freshSeconds: Number(row.api_fresh_seconds ?? 0),
                staleSeconds: Number(row.api_stale_seconds ?? 0),
                cachedCost: row.api_cached_cost === null ? null : Number(row.api_cached_cost),
              }
            : null,
        },
      };
    });
  }

  /**
   * One statement for a batch of charges and refused calls: `open_api_charge` (migrations 0015, 0019, 0025) locks the usable
   * packages of the batch's merchants in id order, allocates the units to the charges in arrival
   * order — each to the first package it may use with enough units left: the store's own packages
   * first, then general ones, the earliest to expire first — moves the packages by their totals,
   * inserts the charge rows (ids from the log table's sequence, so each call knows its row to be) and
   * the final rows of refused calls, and adds those to the roll-up. One round trip whatever the batch,
   * its plans cached by PL/pgSQL.
   *
   * A batch of charges alone commits without waiting for the disk (synchronous_commit off): its calls
   * are answered after their settle, whose commit waits for the disk and so for this one too (the
   * write-ahead log is flushed in order). Should PostgreSQL stop before that, a charge and its charge
   * row are lost together and the call was never answered: no unit is lost. A batch with refused
   * calls, whose answers go out at once, commits durably.
   */
  async function chargeBatch(items: ChargeItem[]): Promise<ChargeResult[]> {
    const now = new Date(Math.max(...items.map((item) => item.now.getTime())));
    const calls: Array<Record<string, unknown>> = [];
    const finals: Array<Record<string, unknown>> = [];
    items.forEach((item, ordinal) => {
      const { call } = item;
      const identity = {
        merchant_id: call.merchantId,
        shop_ref: call.shopRef,
        shop_name: call.shopName,
        platform: call.platform,
        api_code: call.apiCode,
        api_name: call.apiName,
        request_params: call.requestParams,
        source: call.source,
      };
      if (item.kind === 'final') {
        finals.push({
          ...identity,
          created_at: item.now,
          finished_at: item.now,
          status: item.status,
          response_ms: item.responseMs,
          error: item.error,
          cache_state: item.cacheState ?? 'live',
        });
        return;
      }
      // A call no package can pay ends here: its whole time so far (performance.now() of this process).
      const elapsedMs =
        item.call.startedAt === undefined ? 0 : Math.max(0, Math.round(performance.now() - item.call.startedAt));
      calls.push({ ...identity, ordinal, created_at: item.now, cost: item.call.cost, elapsed_ms: elapsedMs });
    });
    const { rows } = await executeNamed<{
      ordinal: number;
      id: number | string;
      package_ref: number;
      package_name: string;
    }>(
      db,
      'open_api_charge',
      sql`select ordinal, id, package_ref, package_name
        from open_api_charge(${JSON.stringify(calls)}::jsonb, ${JSON.stringify(finals)}::jsonb, ${now}::timestamptz)`,
    );
    const results: ChargeResult[] = items.map(() => null);
    for (const row of rows)
      results[Number(row.ordinal)] = {
        callId: Number(row.id),
        packageId: Number(row.package_ref),
        packageName: row.package_name,
      };
    return results;
  }

  /** One statement for a batch of settles (see settleStatement); answers which calls were still in flight. */
  async function settleBatch(items: SettleItem[]): Promise<boolean[]> {
    const now = new Date(Math.max(...items.map((item) => item.now.getTime())));
    const input = JSON.stringify(
      items.map((item) => ({
        id: item.callId,
        status: item.status,
        error: item.error,
        response_ms: item.responseMs,
        finished_at: item.now,
        kept: item.keptUnits ?? null,
        cache_state: item.cacheState ?? 'live',
      })),
    );
    const moved = sql`
      delete from api_call_charges c
      using jsonb_to_recordset(${input}::jsonb)
        as i(id bigint, status text, error text, response_ms int, finished_at timestamptz, kept int, cache_state text)
      where c.id = i.id
      returning c.*, i.status as final_status, i.error as final_error, i.response_ms as final_ms, i.finished_at,
                case when i.status = 'success' then least(c.units, coalesce(i.kept, c.units)) else 0 end as final_units,
                i.cache_state as final_cache`;
    const settled = new Set(rowsOfIds(await executeNamed(db, 'open_api_settle', settleStatement(moved, now))));
    return items.map((item) => settled.has(item.callId));
  }
}

const SWEPT_ERROR = 'OPEN_UPSTREAM_TIMEOUT: not settled in time (settled by the sweep, units refunded)';

type ChargeItem =
  | { kind: 'charge'; call: CallIdentity & { cost: number; startedAt?: number }; now: Date }
  | ({ kind: 'final'; call: CallIdentity } & UnchargedOutcome);
/** How a call that was never charged ended. */
export type UnchargedOutcome = {
  status: 'rejected' | 'quota_exhausted' | 'success' | 'failed_upstream';
  error: string;
  responseMs: number;
  now: Date;
  cacheState?: ApiCallCacheState;
};
type ChargeResult = { callId: number; packageId: number; packageName: string } | null;
/** How a charged call ended. */
export type SettleOutcome = {
  status: 'success' | 'failed_upstream';
  error: string;
  responseMs: number;
  now: Date;
  /** Where the answer came from (default live). */
  cacheState?: ApiCallCacheState;
  /** The units a successful call keeps when fewer than it was charged (a stale copy served); the rest go back. */
  keptUnits?: number;
};
type SettleItem = SettleOutcome & { callId: number };

export type OpenApiRepository = ReturnType<typeof createOpenApiRepository>;
