import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A call's final status; `pending` only lives between charging and settling. */
export type CallStatus = 'pending' | 'success' | 'failed_upstream' | 'quota_exhausted' | 'rejected';

/** The store a key resolves to, and whether it may call now. */
export interface KeyOwner {
  shopRef: number;
  merchantId: number;
  shopName: string;
  status: string;
  expiresAt: Date | null;
  isDisabledByOperator: boolean;
}

export interface CatalogueEntry {
  /** null when the platform has no data source. */
  isSourceEnabled: boolean | null;
  api: { id: number; name: string; cost: number; isEnabled: boolean } | null;
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
}

/** One increment of the daily roll-up. */
export interface UsageIncrement {
  day: string;
  merchantId: number;
  shopRef: number;
  platform: string;
  apiCode: string;
  status: CallStatus;
  calls: number;
  units: number;
  responseMs: number;
}

/** A row moved out of `pending` by a settle or the sweep, with the units it had charged. */
interface SettledRow {
  id: number;
  created_at: Date;
  merchant_id: number;
  shop_ref: number;
  platform: string;
  api_code: string;
  charged: number;
  package_ref: number | null;
  response_ms: number | null;
}

const utcDay = (date: Date) => new Date(date).toISOString().slice(0, 10);

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * The Open API's SQL. Units move only here: the charge (a conditional increment of one usable
 * package, in the transaction that inserts the pending log row) and the refund (a conditional
 * decrement, in the transaction that settles the row). Locks are taken in one order — log row,
 * then package, then roll-up rows — so concurrent settles and the sweep cannot deadlock.
 */
export function createOpenApiRepository(db: Db) {
  /**
   * Adds increments to api_usage_daily. Increments are merged per key first (one statement cannot
   * update a row twice) and written in key order (a stable lock order).
   */
  async function upsertUsageDaily(tx: Db, increments: UsageIncrement[]) {
    if (!increments.length) return;
    const merged = new Map<string, UsageIncrement>();
    for (const increment of increments) {
      const key = [increment.day, increment.merchantId, increment.shopRef, increment.platform, increment.apiCode, increment.status].join('\u0000');
      const existing = merged.get(key);
      if (existing) {
        existing.calls += increment.calls;
        existing.units += increment.units;
        existing.responseMs += increment.responseMs;
      } else merged.set(key, { ...increment });
    }
    const rows = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    const values = sql.join(
      rows.map((row) => sql`(${row.day}::date, ${row.merchantId}, ${row.shopRef}, ${row.platform}, ${row.apiCode}, ${row.status}, ${row.calls}, ${row.units}, ${row.responseMs})`),
      sql`, `,
    );
    await tx.execute(sql`
      insert into api_usage_daily (day, merchant_id, shop_ref, platform, api_code, status, calls, units, total_response_ms)
      values ${values}
      on conflict (day, merchant_id, shop_ref, platform, api_code, status) do update set
        calls = api_usage_daily.calls + excluded.calls,
        units = api_usage_daily.units + excluded.units,
        total_response_ms = api_usage_daily.total_response_ms + excluded.total_response_ms`);
  }

  /** Gives back the units of settled rows, per package in id order; never below zero. */
  async function refund(tx: Db, rows: SettledRow[], now: Date) {
    const perPackage = new Map<number, number>();
    for (const row of rows) {
      if (row.package_ref !== null && row.charged > 0) perPackage.set(Number(row.package_ref), (perPackage.get(Number(row.package_ref)) ?? 0) + row.charged);
    }
    for (const [packageId, units] of [...perPackage.entries()].sort(([a], [b]) => a - b)) {
      await tx.execute(sql`update traffic_packages set units_used = units_used - ${units}, updated_at = ${now} where id = ${packageId} and units_used >= ${units}`);
    }
  }

  function incrementsOf(rows: SettledRow[], status: CallStatus, isCharged: boolean): UsageIncrement[] {
    return rows.map((row) => ({
      day: utcDay(row.created_at),
      merchantId: row.merchant_id,
      shopRef: row.shop_ref,
      platform: row.platform,
      apiCode: row.api_code,
      status,
      calls: 1,
      units: isCharged ? row.charged : 0,
      responseMs: row.response_ms ?? 0,
    }));
  }

  return {
    upsertUsageDaily,

    async hasCalls(merchantId: number): Promise<boolean> {
      const result = await db.execute(sql`select exists (select 1 from api_call_logs where merchant_id = ${merchantId}) as found`);
      return Boolean(rowsOf<{ found: boolean }>(result)[0]?.found);
    },

    async findKeyOwner(keyHash: string): Promise<KeyOwner | undefined> {
      const result = await db.execute(sql`
        select k.shop_ref, s.merchant_id, s.shop_name, s.status, s.expires_at, s.is_disabled_by_operator
        from shop_api_keys k join shops s on s.id = k.shop_ref
        where k.key_hash = ${keyHash}`);
      const [row] = rowsOf<{ shop_ref: number; merchant_id: number; shop_name: string; status: string; expires_at: Date | string | null; is_disabled_by_operator: boolean }>(result);
      if (!row) return undefined;
      return {
        shopRef: Number(row.shop_ref),
        merchantId: Number(row.merchant_id),
        shopName: row.shop_name,
        status: row.status,
        expiresAt: row.expires_at ? new Date(row.expires_at) : null,
        isDisabledByOperator: row.is_disabled_by_operator,
      };
    },

    async findCatalogueEntry(platform: string, apiCode: string): Promise<CatalogueEntry> {
      const result = await db.execute(sql`
        select (select is_enabled from data_sources where platform = ${platform}) as source_enabled,
               a.id, a.name, a.cost, a.is_enabled
        from (select 1) as one left join open_apis a on a.platform = ${platform} and a.code = ${apiCode}`);
      const [row] = rowsOf<{ source_enabled: boolean | null; id: number | null; name: string | null; cost: number | null; is_enabled: boolean | null }>(result);
      return {
        isSourceEnabled: row?.source_enabled ?? null,
        api: row?.id ? { id: Number(row.id), name: row.name ?? '', cost: Number(row.cost), isEnabled: Boolean(row.is_enabled) } : null,
      };
    },

    /**
     * Takes `cost` units from a usable package — the store's own packages first, then general ones,
     * the earliest to expire first — and inserts the pending log row, in one transaction. The pick
     * reads without locking; the increment re-checks the units under the row lock and touches nothing
     * when another call took them first, and then the next package is tried. Answers the log id and
     * the package, or null (with a quota_exhausted row written, not charged) when no package has
     * enough units left.
     */
    async chargeAndLog(call: CallIdentity & { cost: number; now: Date }): Promise<{ logId: number; packageId: number; packageName: string } | null> {
      return db.transaction(async (tx) => {
        for (let attempt = 0; attempt < 50; attempt += 1) {
          const candidates = rowsOf<{ id: number }>(
            await tx.execute(sql`
              select id from traffic_packages
              where merchant_id = ${call.merchantId}
                and paid_at is not null and voided_at is null and units_used < units_total
                and expires_at > ${call.now}
                and units_used + ${call.cost} <= units_total
                and (is_general or shop_ref = ${call.shopRef})
              order by is_general, expires_at, id
              limit 1`),
          );
          if (!candidates.length) break;
          const charged = rowsOf<{ id: number; name: string }>(
            await tx.execute(sql`
              update traffic_packages set units_used = units_used + ${call.cost}, updated_at = ${call.now}
              where id = ${candidates[0].id} and units_used + ${call.cost} <= units_total
                and paid_at is not null and voided_at is null and expires_at > ${call.now}
              returning id, name`),
          );
          if (!charged.length) continue;
          const [log] = rowsOf<{ id: number | string }>(
            await tx.execute(sql`
              insert into api_call_logs (created_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name, package_ref, package_name, status, charged_units, request_params)
              values (${call.now}, ${call.merchantId}, ${call.shopRef}, ${call.shopName}, ${call.platform}, ${call.apiCode}, ${call.apiName}, ${charged[0].id}, ${charged[0].name}, 'pending', ${call.cost}, ${JSON.stringify(call.requestParams)}::jsonb)
              returning id`),
          );
          return { logId: Number(log.id), packageId: Number(charged[0].id), packageName: charged[0].name };
        }
        await insertFinal(tx, call, { status: 'quota_exhausted', error: 'OPEN_QUOTA_EXHAUSTED', responseMs: 0, now: call.now });
        return null;
      });
    },

    /** A call refused before charging (rejected or quota exhausted): its final row and roll-up, 0 units. */
    async logUncharged(call: CallIdentity, outcome: { status: 'rejected' | 'quota_exhausted'; error: string; responseMs: number; now: Date }) {
      await db.transaction((tx) => insertFinal(tx, call, outcome));
    },

    /**
     * Moves a pending row to its end in one conditional update: success keeps the units; a failure
     * gives them back to their package. Answers false when the row was no longer pending (the sweep
     * settled it first, refunding it), in which case nothing changes.
     */
    async settle(logId: number, outcome: { status: 'success' | 'failed_upstream'; error: string; responseMs: number; now: Date }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = rowsOf<SettledRow>(
          await tx.execute(sql`
            with old as (select id, charged_units, package_ref from api_call_logs where id = ${logId} and status = 'pending' for update)
            update api_call_logs l set
              status = ${outcome.status},
              charged_units = case when ${outcome.status} = 'success' then old.charged_units else 0 end,
              finished_at = ${outcome.now}, response_ms = ${outcome.responseMs}, error = ${outcome.error}
            from old where l.id = old.id
            returning l.id, l.created_at, l.merchant_id, l.shop_ref, l.platform, l.api_code, old.charged_units as charged, old.package_ref, l.response_ms`),
        ).map(normalise);
        if (!rows.length) return false;
        if (outcome.status !== 'success') await refund(tx, rows, outcome.now);
        await upsertUsageDaily(tx, incrementsOf(rows, outcome.status, outcome.status === 'success'));
        return true;
      });
    },

    /**
     * Settles pending rows created before `cutoff` as failed_upstream and refunds them (their process
     * died between charging and settling, or never came back). Rows locked by a live settle are
     * skipped; a batch at a time. Answers how many rows it settled.
     */
    async sweepStale(options: { cutoff: Date; now: Date; batch?: number }): Promise<number> {
      const batch = options.batch ?? 500;
      let total = 0;
      for (;;) {
        const settled = await db.transaction(async (tx) => {
          const rows = rowsOf<SettledRow>(
            await tx.execute(sql`
              with stale as (
                select id, charged_units, package_ref from api_call_logs
                where status = 'pending' and created_at < ${options.cutoff}
                order by created_at limit ${batch} for update skip locked)
              update api_call_logs l set status = 'failed_upstream', charged_units = 0, finished_at = ${options.now},
                error = 'OPEN_UPSTREAM_TIMEOUT: not settled in time (settled by the sweep, units refunded)'
              from stale where l.id = stale.id
              returning l.id, l.created_at, l.merchant_id, l.shop_ref, l.platform, l.api_code, stale.charged_units as charged, stale.package_ref, l.response_ms`),
          ).map(normalise);
          await refund(tx, rows, options.now);
          await upsertUsageDaily(tx, incrementsOf(rows, 'failed_upstream', false));
          return rows.length;
        });
        total += settled;
        if (settled < batch) return total;
      }
    },
  };

  async function insertFinal(tx: Db, call: CallIdentity, outcome: { status: 'rejected' | 'quota_exhausted'; error: string; responseMs: number; now: Date }) {
    const [row] = rowsOf<{ created_at: Date }>(
      await tx.execute(sql`
        insert into api_call_logs (created_at, finished_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name, status, charged_units, response_ms, error, request_params)
        values (${outcome.now}, ${outcome.now}, ${call.merchantId}, ${call.shopRef}, ${call.shopName}, ${call.platform}, ${call.apiCode}, ${call.apiName}, ${outcome.status}, 0, ${outcome.responseMs}, ${outcome.error}, ${JSON.stringify(call.requestParams)}::jsonb)
        returning created_at`),
    );
    await upsertUsageDaily(tx, [
      { day: utcDay(new Date(row.created_at)), merchantId: call.merchantId, shopRef: call.shopRef, platform: call.platform, apiCode: call.apiCode, status: outcome.status, calls: 1, units: 0, responseMs: outcome.responseMs },
    ]);
  }
}

/** Raw rows answer bigint and numeric columns as strings on node-postgres. */
function normalise(row: SettledRow): SettledRow {
  return {
    ...row,
    id: Number(row.id),
    created_at: new Date(row.created_at),
    merchant_id: Number(row.merchant_id),
    shop_ref: Number(row.shop_ref),
    charged: Number(row.charged),
    package_ref: row.package_ref === null ? null : Number(row.package_ref),
    response_ms: row.response_ms === null ? null : Number(row.response_ms),
  };
}
export type OpenApiRepository = ReturnType<typeof createOpenApiRepository>;
