/**
 * Throughput and latency of the metered Open API (docs/open-api.md) through the sandbox provider on
 * PostgreSQL, beside a bare Fastify route and a bare node:http handler measured in the same run,
 * and the accounting check: units charged equal successful calls, nothing left pending.
 *
 *   npm run bench:open-api
 *
 * Recreates parlour_openapi_bench (BENCH_OPEN_API_DATABASE_URL), starts the real app on it
 * (bench/lib/serve.ts: production configuration, logger off, its own migrations), gives one
 * 20 operating stores of one merchant their keys and a general package of a billion units, then
 * runs autocannon: every request is `POST /open/v1/taobao/item_get` with the next store's key — a real charge (charge row), sandbox
 * answer, settle (log row) and roll-up each. Settings: BENCH_CONNECTIONS (default "50"), BENCH_DURATION
 * seconds (default 10), BENCH_WARMUP seconds (default 3), BENCH_API_WORKERS (default 1: API processes
 * sharing the port, node:cluster). Prints a Markdown table and writes the
 * figures to bench/results/.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { databaseName, maintenanceUrl } from './lib/bench-database';
import {
  loadSettings,
  resultTable,
  runScenarios,
  startServers,
  writeResults,
  type Row,
  type Scenario,
} from './lib/load-run';

/** The issue's target at 50 connections on a 2-core machine with PostgreSQL. */
const TARGET_MS = 20;
const TARGET_RPS = 5_000;
/**
 * Stores calling at once, each with its own key (a key is limited to 1,000 calls/s per process), all
 * of one merchant and paid from one general package: every charge of the run takes the same row.
 */
const STORES = 20;
const apiKey = (index: number) => `pk_live_bench${String(index).padStart(3, '0')}${'b'.repeat(27)}`;

function databaseUrl() {
  return process.env.BENCH_OPEN_API_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/parlour_openapi_bench';
}

async function recreateDatabase(url: string) {
  const name = databaseName(url);
  if (!name.includes('bench'))
    throw new Error(`refusing to drop ${name}: the benchmark database's name must contain "bench"`);
  const client = new pg.Client({ connectionString: maintenanceUrl(url) });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** One merchant with operating stores, their keys, and a general package nobody can run dry in a run. */
async function seedCaller(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const merchant = await client.query<{ id: number }>(
      `insert into merchants (email, password_hash, nickname) values ('openapi@bench.parlour.test', 'not-a-login', 'Open API bench') returning id`,
    );
    const merchantId = merchant.rows[0].id;
    for (let index = 0; index < STORES; index += 1) {
      const shop = await client.query<{ id: number }>(
        `insert into shops (shop_id, merchant_id, shop_name, contact_email, version_id, status, expires_at, ready_at)
         values ($1, $2, $3, 'openapi@bench.parlour.test', 1, 'operating', now() + interval '1 year', now()) returning id`,
        [`openapibench${index}`, merchantId, `Open API bench store ${index}`],
      );
      // The key is found by its hash; the stored copy is only read when a merchant copies it.
      const key = apiKey(index);
      await client.query(
        `insert into shop_api_keys (shop_ref, key_hash, key_sealed, key_last4) values ($1, $2, $3, $4)`,
        [shop.rows[0].id, createHash('sha256').update(key).digest('hex'), key, key.slice(-4)],
      );
    }
    const pkg = await client.query<{ id: number }>(
      `insert into traffic_packages (merchant_id, plan_id, name, is_general, units_total, valid_days, paid_at, expires_at)
       values ($1, 3, 'bench package', true, 1000000000, 365, now(), now() + interval '365 days') returning id`,
      [merchantId],
    );
    return { packageId: pkg.rows[0].id };
  } finally {
    await client.end();
  }
}

/** CPU time of a process so far, in ms (Linux /proc: user + system ticks of 10 ms). */
function cpuMs(pid: number) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
async function backendsCpu(client: pg.Client) {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Map(rows.map((row) => [row.pid, cpuMs(row.pid)]));
}

function run(options: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

async function main() {
  const url = databaseUrl();
  const settings = {
    ...loadSettings(),
    connectionsList: (process.env.BENCH_CONNECTIONS ?? '50').split(',').map(Number),
  };
  const loadBefore = os.loadavg()[0];
  await recreateDatabase(url);
  const servers = await startServers(url);
  try {
    const { packageId } = await seedCaller(url);
    const bare: Scenario[] = [
      { name: 'bare node:http', target: 'http', path: 'bare' },
      { name: 'bare Fastify', target: 'fastify', path: 'bare' },
    ];
    const rows: Row[] = await runScenarios({
      scenarios: bare,
      ports: servers.ports,
      serverPid: servers.pid,
      databaseUrl: url,
      tokens: {},
      settings,
    });

    const target = `http://127.0.0.1:${servers.ports.app}/open/v1/taobao/item_get`;
    const runOptions = {
      url: target,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey(0) },
      body: JSON.stringify({ num_iid: '520813250866' }),
      verifyBody: (text: string) => text.startsWith('{"code":200,'),
    };
    let next = 0;
    // Each request with the next store's key, round robin.
    const requests = [
      {
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          headers: { ...request.headers, 'x-api-key': apiKey(next++ % STORES) },
        }),
      },
    ];
    const firstStarted = performance.now();
    const check = await fetch(target, { method: 'POST', headers: runOptions.headers, body: runOptions.body });
    const answer = (await check.json()) as { code: number; msg: string };
    const firstMs = Math.round(performance.now() - firstStarted);
    if (answer.code !== 200) throw new Error(`the Open API answered ${JSON.stringify(answer)}`);

    const cpuClient = new pg.Client({ connectionString: url });
    await cpuClient.connect();
    try {
      for (const connections of settings.connectionsList) {
        if (settings.warmup > 0) await run({ ...runOptions, requests, connections, duration: settings.warmup });
        const appCpuMs = () => servers.appPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
        const before = { node: appCpuMs(), backends: await backendsCpu(cpuClient) };
        const result = await run({ ...runOptions, requests, connections, duration: settings.duration });
        const afterBackends = await backendsCpu(cpuClient);
        let postgres = 0;
        for (const [pid, ms] of afterBackends) postgres += ms - (before.backends.get(pid) ?? 0);
        const node = appCpuMs() - before.node;
        const row: Row = {
          scenario:
            servers.appPids.length > 1
              ? `Open API item_get (metered), ${servers.appPids.length} API processes`
              : 'Open API item_get (metered)',
          connections,
          total: null,
          firstMs,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          requestsPerSecond: result.requests.average,
          completed: result.requests.total,
          mismatches: result.non2xx + result.mismatches,
          nodeCpuMsPerRequest: result.requests.total ? node / result.requests.total : 0,
          postgresCpuMsPerRequest: result.requests.total ? postgres / result.requests.total : 0,
          errors: result.errors + result.non2xx + result.mismatches + result.timeouts,
        };
        rows.push(row);
        console.log(
          `Open API c=${connections}  p50 ${row.p50} ms  p99 ${row.p99} ms  ${row.requestsPerSecond.toFixed(0)} req/s  ` +
            `cpu ${(row.nodeCpuMsPerRequest + row.postgresCpuMsPerRequest).toFixed(2)} ms/req` +
            `${row.errors ? `  ${row.errors} errors` : ''}`,
        );
      }

      // Accounting: every successful call charged exactly its unit, nothing left pending.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const {
        rows: [totals],
      } = await cpuClient.query<{
        success: number;
        charged: number;
        pending: number;
        other: number;
        rollup_calls: number;
        rollup_units: number;
        used: number;
      }>(
        `select (select count(*)::int from api_call_logs where status = 'success') as success,
                (select coalesce(sum(charged_units), 0)::int from api_call_logs) as charged,
                ((select count(*)::int from api_call_logs where status = 'pending') + (select count(*)::int from api_call_charges)) as pending,
                (select count(*)::int from api_call_logs where status not in ('success', 'pending')) as other,
                (select coalesce(sum(calls), 0)::int from api_usage_daily where status = 'success') as rollup_calls,
                (select coalesce(sum(units), 0)::int from api_usage_daily) as rollup_units,
                (select units_used from traffic_packages where id = $1) as used`,
        [packageId],
      );
      const isExact =
        totals.success === totals.charged &&
        totals.charged === totals.used &&
        totals.pending === 0 &&
        totals.rollup_calls === totals.success &&
        totals.rollup_units === totals.charged;
      const accounting =
        `Accounting: ${totals.success} successful calls, ${totals.charged} units charged in the log, ` +
        `package units_used ${totals.used}, roll-up ${totals.rollup_calls} calls / ${totals.rollup_units} units, ` +
        `${totals.pending} in flight, ${totals.other} other — ${isExact ? 'exact' : '**MISMATCH**'}.`;

      const table = resultTable(rows, {
        settings,
        loadBefore,
        targetMs: TARGET_MS,
        targetColumn: `p99 < ${TARGET_MS} ms`,
      });
      console.log(
        [
          '',
          ...table,
          '',
          accounting,
          `Target: ${TARGET_RPS} metered calls/s with p99 ≤ ${TARGET_MS} ms at 50 connections.`,
          '',
        ].join('\n'),
      );
      console.log(`figures written to ${writeResults('open-api', rows, settings, loadBefore)}`);
      if (!isExact) process.exitCode = 1;
    } finally {
      await cpuClient.end();
    }
  } finally {
    servers.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
