import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { createGroupCommit } from './group-commit';

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
 * The Open API's SQL. Units move only here: the charge (an increment of a usable package, under its
 * row lock, in the transaction that inserts the pending log row) and the refund (a conditional
 * decrement, in the transaction that settles the row). Charges and settles go through group commit:
 * the calls arriving while a transaction is in flight share the next one. Locks are taken in one
 * order everywhere — log rows, then packages by id, then roll-up rows by key — so charges, settles
 * and the sweep, in any number of processes, never wait on each other in a circle.
 */
export function createOpenApiRepository(db: Db) {
  const lookUp = createGroupCommit(lookUpBatch);
  const writeLogs = createGroupCommit(writeLogBatch);
  const settleLogs = createGroupCommit(settleBatch);

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

    /**
     * The store a key belongs to, and the catalogue entry of the call (the platform's data source and
     * the API). Lookups arriving together share one query. Undefined when the key belongs to no store.
     */
    findCallContext(keyHash: string, platform: string, apiCode: string): Promise<{ owner: KeyOwner; entry: CatalogueEntry } | undefined> {
      return lookUp({ keyHash, platform, apiCode });
    },

    /**
     * Takes `cost` units from a usable package — the store's own packages first, then general ones,
     * the earliest to expire first — and inserts the pending log row, in one transaction (shared with
     * the calls that arrived meanwhile: group commit). Answers the log id and the package, or null
     * (with a quota_exhausted row written, not charged) when no package has enough units left.
     */
    chargeAndLog(call: CallIdentity & { cost: number; now: Date; startedAt?: number }): Promise<ChargeResult> {
      return writeLogs({ kind: 'charge', call, now: call.now });
    },

    /** A call refused before charging (rejected or quota exhausted): its final row and roll-up, 0 units. */
    async logUncharged(call: CallIdentity, outcome: { status: 'rejected' | 'quota_exhausted'; error: string; responseMs: number; now: Date }) {
      await writeLogs({ kind: 'final', call, ...outcome });
    },

    /**
     * Moves a pending row to its end in one conditional update: success keeps the units; a failure
     * gives them back to their package; the roll-up is upserted in the same transaction (shared with
     * other settles: group commit). Answers false when the row was no longer pending (the sweep
     * settled it first, refunding it), in which case nothing changes.
     */
    settle(logId: number, outcome: { status: 'success' | 'failed_upstream'; error: string; responseMs: number; now: Date }): Promise<boolean> {
      return settleLogs({ logId, ...outcome });
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

  /** Key owners and catalogue entries of a batch of calls, in one query (a read: no transaction). */
  async function lookUpBatch(items: Array<{ keyHash: string; platform: string; apiCode: string }>) {
    const input = sql.join(items.map((item, index) => sql`(${index}::int, ${item.keyHash}::text, ${item.platform}::text, ${item.apiCode}::text)`), sql`, `);
    const rows = rowsOf<{
      ordinal: number;
      shop_ref: number;
      merchant_id: number;
      shop_name: string;
      status: string;
      expires_at: Date | string | null;
      is_disabled_by_operator: boolean;
      source_enabled: boolean | null;
      api_id: number | null;
      api_name: string | null;
      api_cost: number | null;
      api_enabled: boolean | null;
    }>(
      await db.execute(sql`
        select i.ordinal, k.shop_ref, s.merchant_id, s.shop_name, s.status, s.expires_at, s.is_disabled_by_operator,
               d.is_enabled as source_enabled, a.id as api_id, a.name as api_name, a.cost as api_cost, a.is_enabled as api_enabled
        from (values ${input}) as i(ordinal, key_hash, platform, api_code)
        join shop_api_keys k on k.key_hash = i.key_hash
        join shops s on s.id = k.shop_ref
        left join data_sources d on d.platform = i.platform
        left join open_apis a on a.platform = i.platform and a.code = i.api_code`),
    );
    const found = new Map(rows.map((row) => [Number(row.ordinal), row]));
    return items.map((_, index) => {
      const row = found.get(index);
      if (!row) return undefined;
      return {
        owner: {
          shopRef: Number(row.shop_ref),
          merchantId: Number(row.merchant_id),
          shopName: row.shop_name,
          status: row.status,
          expiresAt: row.expires_at ? new Date(row.expires_at) : null,
          isDisabledByOperator: row.is_disabled_by_operator,
        },
        entry: {
          isSourceEnabled: row.source_enabled ?? null,
          api: row.api_id ? { id: Number(row.api_id), name: row.api_name ?? '', cost: Number(row.api_cost), isEnabled: Boolean(row.api_enabled) } : null,
        },
      };
    });
  }

  /**
   * One transaction for a batch of log writes. Every usable package of the batch's merchants is
   * locked first, in id order (the order refunds lock them too, so no two transactions wait on each
   * other in a circle); the units are then allocated to the charges in arrival order, each to the
   * first package it may use with enough units left; the packages move by their totals in one
   * conditional update; all rows are inserted at once (ids taken from the sequence first, so each
   * call knows its row) and the rows that end here are added to the roll-up.
   */
  async function writeLogBatch(items: LogItem[]): Promise<ChargeResult[]> {
    return db.transaction(async (tx) => {
      const now = new Date(Math.max(...items.map((item) => item.now.getTime())));
      const merchantIds = [...new Set(items.filter((item) => item.kind === 'charge').map((item) => item.call.merchantId))].sort((a, b) => a - b);
      const packages = merchantIds.length
        ? rowsOf<PackageRow>(
            await tx.execute(sql`
              select id, merchant_id, shop_ref, is_general, name, units_used, units_total, expires_at from traffic_packages
              where merchant_id in (${sql.join(merchantIds.map((id) => sql`${id}`), sql`, `)})
                and paid_at is not null and voided_at is null and units_used < units_total and expires_at > ${now}
              order by id for update`),
          ).map((row) => ({ ...row, id: Number(row.id), merchant_id: Number(row.merchant_id), shop_ref: row.shop_ref === null ? null : Number(row.shop_ref), units_used: Number(row.units_used), units_total: Number(row.units_total), expires_at: new Date(row.expires_at) }))
        : [];
      // The store's own packages first, then general ones; the earliest to expire first.
      packages.sort((a, b) => Number(a.is_general) - Number(b.is_general) || a.expires_at.getTime() - b.expires_at.getTime() || a.id - b.id);
      const deltas = new Map<number, number>();
      const planned = items.map((item) => {
        if (item.kind === 'final') return { item, status: item.status, error: item.error, responseMs: item.responseMs, pkg: null as PackageRow | null, units: 0 };
        const { call } = item;
        const pkg = packages.find(
          (candidate) =>
            candidate.merchant_id === call.merchantId &&
            (candidate.is_general || candidate.shop_ref === call.shopRef) &&
            candidate.expires_at.getTime() > item.now.getTime() &&
            candidate.units_used + call.cost <= candidate.units_total,
        );
        // Its whole time so far (performance.now() of this process), as for any call that ends here.
        const elapsedMs = call.startedAt === undefined ? 0 : Math.max(0, Math.round(performance.now() - call.startedAt));
        if (!pkg) return { item, status: 'quota_exhausted' as const, error: 'OPEN_QUOTA_EXHAUSTED', responseMs: elapsedMs, pkg: null, units: 0 };
        pkg.units_used += call.cost;
        deltas.set(pkg.id, (deltas.get(pkg.id) ?? 0) + call.cost);
        return { item, status: 'pending' as const, error: '', responseMs: null, pkg, units: call.cost };
      });

      if (deltas.size) {
        const values = sql.join([...deltas.entries()].sort(([a], [b]) => a - b).map(([id, delta]) => sql`(${id}::int, ${delta}::int)`), sql`, `);
        const updated = rowsOf<{ id: number }>(
          await tx.execute(sql`
            update traffic_packages p set units_used = p.units_used + v.delta, updated_at = ${now}
            from (values ${values}) as v(id, delta)
            where p.id = v.id and p.units_used + v.delta <= p.units_total
            returning p.id`),
        );
        // Cannot happen while the rows are locked; if it did, nothing of the batch is written.
        if (updated.length !== deltas.size) throw new Error('a package balance moved under its row lock');
      }

      const ids = rowsOf<{ id: number | string }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('api_call_logs', 'id')) as id from generate_series(1, ${planned.length})`)).map((row) => Number(row.id));
      const values = sql.join(
        planned.map(({ item, status, error, responseMs, pkg, units }, index) => {
          const { call } = item;
          const finishedAt = status === 'pending' ? null : item.now;
          return sql`(${ids[index]}, ${item.now}, ${finishedAt}, ${call.merchantId}, ${call.shopRef}, ${call.shopName}, ${call.platform}, ${call.apiCode}, ${call.apiName}, ${pkg?.id ?? null}, ${pkg?.name ?? ''}, ${status}, ${units}, ${responseMs}, ${error}, ${JSON.stringify(call.requestParams)}::jsonb)`;
        }),
        sql`, `,
      );
      await tx.execute(sql`
        insert into api_call_logs (id, created_at, finished_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name, package_ref, package_name, status, charged_units, response_ms, error, request_params)
        values ${values}`);
      await upsertUsageDaily(
        tx,
        planned
          .filter((entry) => entry.status !== 'pending')
          .map(({ item, status, responseMs }) => ({
            day: utcDay(item.now),
            merchantId: item.call.merchantId,
            shopRef: item.call.shopRef,
            platform: item.call.platform,
            apiCode: item.call.apiCode,
            status,
            calls: 1,
            units: 0,
            responseMs: responseMs ?? 0,
          })),
      );
      return planned.map(({ status, pkg }, index) => (status === 'pending' && pkg ? { logId: ids[index], packageId: pkg.id, packageName: pkg.name } : null));
    });
  }

  /** One transaction for a batch of settles: one conditional update of the pending rows, refunds, the roll-up. */
  async function settleBatch(items: SettleItem[]): Promise<boolean[]> {
    return db.transaction(async (tx) => {
      const now = new Date(Math.max(...items.map((item) => item.now.getTime())));
      const input = sql.join(items.map((item) => sql`(${item.logId}::bigint, ${item.status}::text, ${item.error}::text, ${item.responseMs}::int)`), sql`, `);
      const rows = rowsOf<SettledRow & { status: CallStatus }>(
        await tx.execute(sql`
          with input(id, status, error, response_ms) as (values ${input}),
          old as (
            select l.id, l.charged_units, l.package_ref from api_call_logs l join input i on i.id = l.id
            where l.status = 'pending' order by l.id for update of l)
          update api_call_logs l set
            status = i.status,
            charged_units = case when i.status = 'success' then old.charged_units else 0 end,
            finished_at = ${now}, response_ms = i.response_ms, error = i.error
          from old join input i on i.id = old.id
          where l.id = old.id
          returning l.id, l.created_at, l.merchant_id, l.shop_ref, l.platform, l.api_code, old.charged_units as charged, old.package_ref, l.response_ms, l.status`),
      ).map((row) => ({ ...normalise(row), status: row.status }));
      const failed = rows.filter((row) => row.status !== 'success');
      await refund(tx, failed, now);
      await upsertUsageDaily(tx, [...incrementsOf(rows.filter((row) => row.status === 'success'), 'success', true), ...incrementsOf(failed, 'failed_upstream', false)]);
      const settled = new Set(rows.map((row) => row.id));
      return items.map((item) => settled.has(item.logId));
    });
  }
}

type LogItem =
  | { kind: 'charge'; call: CallIdentity & { cost: number; startedAt?: number }; now: Date }
  | { kind: 'final'; call: CallIdentity; status: 'rejected' | 'quota_exhausted'; error: string; responseMs: number; now: Date };
type ChargeResult = { logId: number; packageId: number; packageName: string } | null;
type SettleItem = { logId: number; status: 'success' | 'failed_upstream'; error: string; responseMs: number; now: Date };
interface PackageRow {
  id: number;
  merchant_id: number;
  shop_ref: number | null;
  is_general: boolean;
  name: string;
  units_used: number;
  units_total: number;
  expires_at: Date;
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
