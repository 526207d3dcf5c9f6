import type { Db } from './client';

/** True when the error is PostgreSQL's unique_violation (23505), thrown directly or as a driver error's cause. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/**
 * Runs a write that a unique index may refuse in a savepoint of its own (a transaction of its own
 * outside one). PostgreSQL aborts a transaction on any failed statement, and an operator's writing
 * call runs in one transaction with its audit rows (lib/unit-of-work): without the savepoint, a
 * refusal the service turns into a business error (ACCOUNT_EXISTS, OPEN_API_EXISTS…) would leave
 * that transaction unusable and the call would answer a server error.
 */
export function inSavepoint<T>(db: Db, write: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => write(tx as unknown as Db));
}
