import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client';

/**
 * One transaction around a whole operator writing call (docs/audit-log.md), so the call's changes
 * and its audit rows commit or roll back together whatever the services do inside.
 *
 * `transactionAware(db)` is the `db` every repository is built with: inside a unit of work it answers
 * the unit's transaction (a service's own `db.transaction(…)` becomes a savepoint of it), outside it
 * is the plain database. Work that must not run inside the transaction (sending a job to pg-boss,
 * which talks to the database through its own connection and on PGlite would wait for this
 * transaction to end) is queued with `afterCommit` and runs once the transaction committed.
 */
export interface UnitOfWork {
  tx: Db;
  /** False once the transaction ended: a stray promise then falls back to the plain database. */
  isOpen: boolean;
  afterCommit: Array<() => Promise<void>>;
  /** Filled by the caller (register-call): who acts, for the audit rows. */
  actor: unknown;
  /** Audit rows written in this unit; an operator writing call must write at least one. */
  auditCount: number;
}

const storage = new AsyncLocalStorage<UnitOfWork>();
/** PostgreSQL's SQLSTATE for a statement (here the COMMIT) in a transaction an earlier statement aborted. */
const IN_FAILED_SQL_TRANSACTION = '25P02';

export function currentUnitOfWork(): UnitOfWork | undefined {
  const unit = storage.getStore();
  return unit?.isOpen ? unit : undefined;
}

/**
 * Runs `work` inside one transaction of `db`; `afterCommit` work runs after a commit, never after a
 * rollback. An error for which `commitOn` answers true (a business refusal) still commits what the
 * work wrote before it — as it would have without the unit (a wrong code's recorded attempt must
 * stay) — and is thrown after the commit; any other error rolls everything back.
 */
export async function runInUnitOfWork<T>(
  db: Db,
  options: { actor: unknown; commitOn?: (error: unknown) => boolean },
  work: (unit: UnitOfWork) => Promise<T>,
): Promise<T> {
  let unit: UnitOfWork | undefined;
  let refusal: { error: unknown } | undefined;
  let outcome: { value: T } | { refusal: unknown };
  try {
    outcome = await rawDatabase(db).transaction(async (tx) => {
      unit = { tx: tx as unknown as Db, isOpen: true, afterCommit: [], actor: options.actor, auditCount: 0 };
      try {
        return { value: await storage.run(unit, () => work(unit!)) };
      } catch (error) {
        if (options.commitOn?.(error)) {
          refusal = { error };
          return { refusal: error };
        }
        throw error;
      } finally {
        unit.isOpen = false;
      }
    });
  } catch (error) {
    // A refusal made of a failed statement (a unique violation answered as "already exists") leaves
    // the transaction aborted: its COMMIT becomes a rollback, which PGlite raises as 25P02. Nothing
    // was written; the refusal is still the answer, not a server error.
    if (refusal && (error as { code?: string }).code === IN_FAILED_SQL_TRANSACTION) throw refusal.error;
    throw error;
  }
  for (const task of unit!.afterCommit) await task();
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.value;
}

/** Runs `task` after the current unit of work commits, or at once outside one. */
export async function afterCommit(task: () => Promise<void>): Promise<void> {
  const unit = currentUnitOfWork();
  if (unit) unit.afterCommit.push(task);
  else await task();
}

const RAW = Symbol('raw database');

/** The database behind a `transactionAware` wrapper (the unit of work opens its transaction on it). */
function rawDatabase(db: Db): Db {
  return ((db as unknown as Record<symbol, Db>)[RAW] ?? db) as Db;
}

/** A `db` that answers the current unit of work's transaction when there is one. */
export function transactionAware(db: Db): Db {
  // A stand-in without a database (a test of start-up refusals) has nothing to wrap.
  if (typeof db !== 'object' || db === null) return db;
  return new Proxy(db, {
    get(target, property) {
      if (property === RAW) return target;
      const source = (currentUnitOfWork()?.tx ?? target) as unknown as Record<string | symbol, unknown>;
      const value = source[property];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}
