import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema/index';
import { MIGRATION_LOCK_KEY } from './advisory-locks';

/** The one query interface of the app, whichever engine sits behind it. */
export type Db = NodePgDatabase<typeof schema>;

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * The live bodies of the SQL functions the code calls (`functions/*.sql`, applied in file-name order
 * after the migrations at every start, each a CREATE OR REPLACE): a function that migrations created
 * and redefined has its current body in one file, not in the last of several migrations.
 */
const functionsFolder = path.resolve(import.meta.dirname, 'functions');

function functionsSql() {
  return fs
    .readdirSync(functionsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => fs.readFileSync(path.join(functionsFolder, file), 'utf8'))
    .join('\n');
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to run from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  /** True when the database answers and every migration of this build is applied. */
  isReady(): Promise<boolean>;
  /**
   * Raw SQL for libraries that bring their own (pg-boss). Without parameters the text may hold several
   * statements; on PGlite those must go through `exec`, which answers one result per statement.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

function expectedMigrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function countAppliedMigrations(db: Db): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

function readiness(db: Db) {
  return async () => {
    try {
      return (await countAppliedMigrations(db)) >= expectedMigrationCount();
    } catch {
      return false;
    }
  };
}

export interface PgliteOptions {
  /** Where the data lives on disk; in memory when undefined. */
  dataDir?: string;
  /** A dumped, uncompressed data directory (tests): the database starts as a copy of it. */
  snapshot?: Uint8Array;
  /**
   * PostgreSQL's shared_buffers, PostgreSQL's own default (128MB) unless told. PGlite clears the whole
   * pool at every start: a test database of a few MB starts in about half the CPU with 16MB.
   */
  sharedBuffers?: string;
}

/**
 * The snapshot as PGlite reads it (it only calls arrayBuffer()): Node 20's Blob reads a 43 MB buffer
 * back through a stream of small chunks, about a quarter of a second of CPU per restore.
 */
function snapshotBlob(bytes: Uint8Array): Blob {
  const arrayBuffer = async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: '', size: bytes.byteLength, arrayBuffer } as unknown as Blob;
}

/** Embedded PostgreSQL in `dataDir` (in memory when undefined), or from a dumped snapshot in tests. */
export async function openPglite(options: PgliteOptions = {}): Promise<Database & { pglite: PGlite }> {
  let unlock = () => {};
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  // pg_trgm backs the keyword searches of the lists (trigram indexes); a real server ships it in contrib.
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.snapshot && snapshotBlob(options.snapshot),
    extensions: { pg_trgm },
    ...(options.sharedBuffers && {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`],
    }),
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    async migrate() {
      await migratePglite(db as never, { migrationsFolder });
      await pglite.exec(functionsSql());
    },
    isReady: readiness(db),
    async executeSql(text, values) {
      if (values?.length) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async close() {
      await pglite.close();
      unlock();
    },
  };
}

export async function openPostgres(connectionString: string): Promise<Database & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    pool,
    async migrate() {
      // An advisory lock keeps several API processes from migrating the same database at once.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        await client.query(functionsSql());
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    isReady: readiness(db),
    executeSql: (text, values) => pool.query(text, values),
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite({ dataDir: options.dataDir });
}
