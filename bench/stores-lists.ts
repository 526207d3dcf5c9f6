/**
 * Latency and throughput of the store and bill lists on 100,000 stores and 1,000,000 bills
 * (bench/README.md), beside a bare Fastify route and a bare node:http handler measured in the same
 * run.
 *
 *   npm run bench:stores
 *
 * Generates the benchmark database first when it is missing (bench/generate-stores.ts), starts
 * the real app against it in a child process (bench/lib/serve.ts), signs in as the operator and
 * two merchants through the login calls, checks every scenario answers code 200, then runs
 * autocannon on each: a warm-up, then the measured run. Prints a Markdown table and writes the
 * figures to bench/results/. Settings: BENCH_DATABASE_URL, BENCH_CONNECTIONS (comma-separated,
 * default "1,10"), BENCH_DURATION seconds (default 10), BENCH_WARMUP seconds (default 3),
 * BENCH_ONLY (a substring of scenario names), BENCH_REGENERATE=true.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { benchSizes } from './lib/bench-accounts';
import { benchDatabaseUrl, databaseExists } from './lib/bench-database';
import { runListBenchmark, type BenchPrincipal } from './lib/list-bench';
import { day, type Scenario } from './lib/load-run';
import { runMain } from './lib/run-main';

const here = import.meta.dirname;
const TARGET_P99_MS = 50;

/** The database as the issue sets it: generated when missing or of other sizes. */
async function ensureData(url: string) {
  const sizes = benchSizes();
  let current: { stores: number; bills: number } | undefined;
  if (process.env.BENCH_REGENERATE !== 'true' && (await databaseExists(url))) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ stores: number; bills: number }>(
        `select (select count(*)::int from shops) as stores, (select count(*)::int from bills) as bills`,
      );
      current = rows[0];
    } catch {
      current = undefined;
    } finally {
      await client.end();
    }
  }
  if (current && current.stores === sizes.stores && current.bills >= sizes.bills) return;
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'generate-stores.ts')], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) throw new Error('generating the benchmark database failed');
}

/** What the scenarios search for, taken from the data: one store's ID, one merchant's email, one bill number. */
async function sampleValues(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [sample],
    } = await client.query<{ shop_id: string; merchant_email: string; bill_no: string }>(
      `select
         (select shop_id from shops order by id offset (select count(*) / 2 from shops) limit 1) as shop_id,
         (select email from merchants where email like 'merchant%' order by id offset 1000 limit 1) as merchant_email,
         (select bill_no from bills where status = 'paid' order by id offset (select count(*) / 3 from bills) limit 1) as bill_no`,
    );
    return sample;
  } finally {
    await client.end();
  }
}

function scenarios(sample: {
  shop_id: string;
  merchant_email: string;
  bill_no: string;
}): Array<Scenario<BenchPrincipal>> {
  const now = new Date();
  const monthAgo = new Date(now.getTime() - 29 * 86_400_000);
  const range = { start_date: day(monthAgo), end_date: day(now) };
  const shops = 'admin/parlour/shop/lists';
  const bills = 'admin/order/order/lists';
  return [
    { name: 'bare node:http', target: 'http', path: 'bare' },
    { name: 'bare Fastify', target: 'fastify', path: 'bare' },
    { name: 'admin stores: all, page 1', target: 'app', path: shops, as: 'admin', body: { tab: 'all', page: 1 } },
    {
      name: 'admin stores: pending renewal',
      target: 'app',
      path: shops,
      as: 'admin',
      body: { tab: 'pending_renewal', page: 1 },
    },
    {
      name: 'admin stores: keyword, one store',
      target: 'app',
      path: shops,
      as: 'admin',
      body: { keyword: sample.shop_id },
    },
    { name: 'admin stores: keyword "panda"', target: 'app', path: shops, as: 'admin', body: { keyword: 'panda' } },
    {
      name: 'admin stores: merchant keyword',
      target: 'app',
      path: shops,
      as: 'admin',
      body: { merchant_keyword: sample.merchant_email.split('@')[0] },
    },
    { name: 'admin stores: page 50', target: 'app', path: shops, as: 'admin', body: { tab: 'all', page: 50 } },
    { name: 'merchant stores (5 stores)', target: 'app', path: 'merchant/parlour/shop/lists', as: 'demo', body: {} },
    { name: 'merchant stores (agency)', target: 'app', path: 'merchant/parlour/shop/lists', as: 'agency', body: {} },
    { name: 'admin bills: all, page 1', target: 'app', path: bills, as: 'admin', body: { page: 1 } },
    { name: 'admin bills: status paid', target: 'app', path: bills, as: 'admin', body: { status: 'paid' } },
    { name: 'admin bills: last 30 days', target: 'app', path: bills, as: 'admin', body: range },
    {
      name: 'admin bills: keyword bill_no',
      target: 'app',
      path: bills,
      as: 'admin',
      body: { keyword: sample.bill_no },
    },
    { name: 'admin income: all, page 1', target: 'app', path: 'admin/order/income/lists', as: 'admin', body: {} },
    // What the console's income tab asks for: it always sends a range, the last 30 days by default.
    { name: 'admin income: last 30 days', target: 'app', path: 'admin/order/income/lists', as: 'admin', body: range },
    { name: 'merchant bills (5 stores)', target: 'app', path: 'merchant/order/order/lists', as: 'demo', body: {} },
    { name: 'merchant bills (agency)', target: 'app', path: 'merchant/order/order/lists', as: 'agency', body: {} },
  ];
}

/** The data, generated when missing, and the values the scenarios search for. */
async function prepare(url: string) {
  await ensureData(url);
  return sampleValues(url);
}

runMain(() =>
  runListBenchmark({
    name: 'stores-lists',
    databaseUrl: benchDatabaseUrl(),
    prepare,
    scenarios,
    targetMs: TARGET_P99_MS,
    targetColumn: 'p99 < 50 ms',
  }),
);
