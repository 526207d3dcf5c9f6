import pg from 'pg';

/** The benchmark's own database; it is dropped and recreated by the generator, so its name must say "bench". */
export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/parlour_bench';

export function benchDatabaseUrl(): string {
  return process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** The same server, its maintenance database: where CREATE / DROP DATABASE run. */
export function maintenanceUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

export async function databaseExists(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: maintenanceUrl(url) });
  await client.connect();
  try {
    const result = await client.query('select 1 from pg_database where datname = $1', [databaseName(url)]);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

/** Drops (when present) and creates the benchmark database. Refuses any name without "bench" in it. */
export async function recreateDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  if (!/bench/i.test(name) || !/^[a-z0-9_]+$/.test(name)) {
    throw new Error(
      `refusing to recreate database "${name}": the benchmark only drops databases named like *bench* (set BENCH_DATABASE_URL)`,
    );
  }
  const client = new pg.Client({ connectionString: maintenanceUrl(url) });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
