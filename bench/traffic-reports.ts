/**
 * Latency and throughput of the traffic reports on 5,000,000 Open API call log rows
 * (docs/open-api.md, Reports), beside a bare Fastify route and a bare node:http handler measured in
 * the same run.
 *
 *   npm run bench:traffic
 *
 * Generates parlour_traffic_bench first when it is missing or holds fewer log rows
 * (bench/generate-traffic.ts), starts the real app on it (bench/lib/serve.ts), signs in as the
 * operator, a typical merchant (5 stores) and the agency merchant (the heaviest, about half of all
 * calls), checks every scenario answers code 200, then runs autocannon on each: a warm-up, then the
 * measured run. Prints a Markdown table and writes the figures to bench/results/. Settings:
 * BENCH_TRAFFIC_DATABASE_URL, BENCH_CONNECTIONS (default "1,10"), BENCH_DURATION seconds (default
 * 10), BENCH_WARMUP seconds (default 3), BENCH_ONLY (a substring of scenario names),
 * BENCH_REGENERATE=true.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres } from '../apps/api/src/db/client';
import { BENCH_AGENCY_MERCHANT } from './lib/bench-accounts';
import { databaseExists } from './lib/bench-database';
import { runListBenchmark, type BenchPrincipal } from './lib/list-bench';
import type { Scenario } from './lib/load-run';
import { runMain } from './lib/run-main';
import { createBenchUsageFold, trafficBenchDatabaseUrl, trafficBenchSizes } from './lib/traffic-bench';

const here = import.meta.dirname;
/** The target: the dashboard and the log list answer within 200 ms at 5,000,000 log rows. */
const TARGET_MS = 200;

async function ensureData(url: string) {
  const sizes = trafficBenchSizes();
  let logs = 0;
  if (process.env.BENCH_REGENERATE !== 'true' && (await databaseExists(url))) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // The planner's count: exact enough to tell a generated database from a missing one, and instant.
      const { rows } = await client.query<{ logs: number }>(
        `select reltuples::bigint as logs from pg_class where relname = 'api_call_logs'`,
      );
      logs = Number(rows[0]?.logs ?? 0);
    } catch {
      logs = 0;
    } finally {
      await client.end();
    }
  }
  if (logs >= sizes.logs * 0.95) return;
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'generate-traffic.ts')], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) throw new Error('generating the traffic benchmark database failed');
}

/**
 * Brings the compact roll-ups up to date as the usage-fold job (every five minutes) keeps them live:
 * the days closed since the data was generated, and on a database generated before the fold
 * existed, every closed day. The servers do not run the background jobs.
 */
async function foldClosedDays(url: string) {
  const database = await openPostgres(url);
  try {
    await database.migrate();
    const started = performance.now();
    const folded = await createBenchUsageFold(database.db).foldUsage();
    if (folded.days > 3) await database.pool.query('vacuum (analyze) api_usage_daily_shop, api_usage_daily_api');
    console.log(
      `Folded ${folded.days} closed days (${folded.from}..${folded.to}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

/** A store of the agency merchant that calls the API, and the agency's merchant id, for filtered scenarios. */
async function sampleValues(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ shop_id: string; merchant_id: number }>(
      `select s.shop_id, s.merchant_id from shops s join merchants m on m.id = s.merchant_id
       where m.email = $1 and exists (select 1 from api_usage_daily u where u.shop_ref = s.id) order by s.id limit 1`,
      [BENCH_AGENCY_MERCHANT.email],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

function scenarios(sample: { shop_id: string; merchant_id: number }): Array<Scenario<BenchPrincipal>> {
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const ninetyDays = { time_range: 'custom', start_date: day(89), end_date: day(0) };
  const merchant = 'merchant/open/report';
  const admin = 'admin/open/report';
  return [
    { name: 'bare node:http', target: 'http', path: 'bare' },
    { name: 'bare Fastify', target: 'fastify', path: 'bare' },
    // What the console opens with: the last 7 days.
    {
      name: 'merchant dashboard, 7 days (5 stores)',
      target: 'app',
      path: `${merchant}/dashboard`,
      as: 'demo',
      body: {},
    },
    {
      name: 'merchant dashboard, 7 days (agency)',
      target: 'app',
      path: `${merchant}/dashboard`,
      as: 'agency',
      body: {},
    },
    {
      name: 'merchant dashboard, 30 days (agency)',
      target: 'app',
      path: `${merchant}/dashboard`,
      as: 'agency',
      body: { time_range: 'last_30_days' },
    },
    { name: 'merchant logs, page 1 (agency)', target: 'app', path: `${merchant}/api_logs`, as: 'agency', body: {} },
    {
      name: 'merchant logs, 1688 + failed (agency)',
      target: 'app',
      path: `${merchant}/api_logs`,
      as: 'agency',
      body: { platform: '1688', status: 'failed_upstream' },
    },
    {
      name: 'merchant logs, one store + success',
      target: 'app',
      path: `${merchant}/api_logs`,
      as: 'agency',
      body: { shop_id: sample.shop_id, status: 'success' },
    },
    { name: 'merchant logs, page 1 (5 stores)', target: 'app', path: `${merchant}/api_logs`, as: 'demo', body: {} },
    { name: 'operator dashboard, 7 days', target: 'app', path: `${admin}/dashboard`, as: 'admin', body: {} },
    {
      name: 'operator dashboard, 30 days',
      target: 'app',
      path: `${admin}/dashboard`,
      as: 'admin',
      body: { time_range: 'last_30_days' },
    },
    // The statistics pages over a month, and the broadest custom range, each call cold first.
    {
      name: 'operator dashboard, 90 days (custom)',
      target: 'app',
      path: `${admin}/dashboard`,
      as: 'admin',
      body: ninetyDays,
    },
    {
      name: 'operator platform stats, 30 days',
      target: 'app',
      path: `${admin}/platform_stats`,
      as: 'admin',
      body: { time_range: 'last_30_days' },
    },
    {
      name: 'operator merchant stats, 30 days, taobao',
      target: 'app',
      path: `${admin}/merchant_stats`,
      as: 'admin',
      body: { time_range: 'last_30_days', platform: 'taobao' },
    },
    {
      name: 'operator API stats, 30 days',
      target: 'app',
      path: `${admin}/api_log_stats`,
      as: 'admin',
      body: { time_range: 'last_30_days' },
    },
    {
      name: 'operator API stats, 30 days, one merchant',
      target: 'app',
      path: `${admin}/api_log_stats`,
      as: 'admin',
      body: { time_range: 'last_30_days', merchant_id: sample.merchant_id },
    },
    {
      name: 'merchant API stats, 30 days (agency)',
      target: 'app',
      path: `${merchant}/api_log_stats`,
      as: 'agency',
      body: { time_range: 'last_30_days' },
    },
    {
      name: 'merchant API stats, 30 days, one store',
      target: 'app',
      path: `${merchant}/api_log_stats`,
      as: 'agency',
      body: { time_range: 'last_30_days', shop_id: sample.shop_id },
    },
    {
      name: 'merchant store usage, 30 days, jd (agency)',
      target: 'app',
      path: `${merchant}/merchant_store_usage`,
      as: 'agency',
      body: { time_range: 'last_30_days', platform: 'jd' },
    },
    { name: 'operator logs, page 1', target: 'app', path: `${admin}/api_logs`, as: 'admin', body: {} },
    {
      name: 'operator logs, status rejected',
      target: 'app',
      path: `${admin}/api_logs`,
      as: 'admin',
      body: { status: 'rejected' },
    },
    {
      name: 'operator logs, one merchant + jd',
      target: 'app',
      path: `${admin}/api_logs`,
      as: 'admin',
      body: { merchant_id: sample.merchant_id, platform: 'jd' },
    },
    {
      name: 'operator logs, 30 days, page 50',
      target: 'app',
      path: `${admin}/api_logs`,
      as: 'admin',
      body: { time_range: 'last_30_days', page: 50 },
    },
  ];
}

/** The data, generated when missing, and the values the scenarios search for. */
async function prepare(url: string) {
  await ensureData(url);
  await foldClosedDays(url);
  return sampleValues(url);
}

runMain(() =>
  runListBenchmark({
    name: 'traffic-reports',
    databaseUrl: trafficBenchDatabaseUrl(),
    prepare,
    scenarios,
    targetMs: TARGET_MS,
    targetColumn: 'p99 < 200 ms',
  }),
);
