/**
 * What the data generators (generate-stores.ts, generate-traffic.ts) share: recreate the bench
 * database, migrate it, hash the bench passwords once (argon2 at the production cost, verified at
 * sign-in as usual), run the generator's statements on one connection with their timings, then
 * the generator's finishing steps (folds, vacuum, counts).
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { openPostgres } from '../../apps/api/src/db/client';
import { createPasswordHasher } from '../../apps/api/src/lib/secrets';
import { BENCH_ADMIN, BENCH_DEMO_MERCHANT } from './bench-accounts';
import { databaseName, recreateDatabase } from './bench-database';

type PostgresDatabase = Awaited<ReturnType<typeof openPostgres>>;

/** Prints a step's label and the seconds since `since`. */
export type StepLog = (label: string, since: number) => void;

export async function generateDatabase(options: {
  url: string;
  /** What is generated, after "Generating <database>: ". */
  description: string;
  /** Width of the step labels. */
  labelWidth: number;
  statements: (now: Date, passwordHash: string, adminHash: string) => Array<[label: string, sql: string]>;
  /** Runs on the connection before the statements (session settings). */
  setUp?: (client: pg.PoolClient) => Promise<unknown>;
  /** The step label of a statement and its result (e.g. with the rows it wrote). */
  stepLabel?: (label: string, result: pg.QueryResult) => string;
  /** After the statements, on the same database. */
  finish: (database: PostgresDatabase, step: StepLog) => Promise<void>;
}): Promise<void> {
  const started = performance.now();
  const step: StepLog = (label, since) =>
    console.log(`  ${label.padEnd(options.labelWidth)} ${((performance.now() - since) / 1000).toFixed(1)} s`);

  console.log(`Generating ${databaseName(options.url)}: ${options.description}`);
  await recreateDatabase(options.url);
  const database = await openPostgres(options.url);
  try {
    let since = performance.now();
    await database.migrate();
    step('migrations', since);

    // One hash for every generated merchant.
    const hasher = createPasswordHasher(19_456);
    const passwordHash = await hasher.hash(BENCH_DEMO_MERCHANT.password);
    const adminHash = await hasher.hash(BENCH_ADMIN.password);

    const client = await database.pool.connect();
    try {
      await options.setUp?.(client);
      for (const [label, text] of options.statements(new Date(), passwordHash, adminHash)) {
        since = performance.now();
        const result = await client.query(text);
        step(options.stepLabel?.(label, result) ?? label, since);
      }
    } finally {
      client.release();
    }
    await options.finish(database, step);
  } finally {
    await database.close();
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
