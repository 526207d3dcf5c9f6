/**
 * Latency and throughput of the store and bill lists on 100,000 stores and 1,000,000 bills
 * (issue 3), beside a bare Fastify route and a bare node:http handler measured in the same run.
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
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_ADMIN, BENCH_AGENCY_MERCHANT, BENCH_DEMO_MERCHANT, benchSizes } from './lib/bench-accounts';
import { benchDatabaseUrl, databaseExists } from './lib/bench-database';

const here = import.meta.dirname;
const TARGET_P99_MS = 50;

type Target = 'app' | 'fastify' | 'http';
type Principal = 'admin' | 'demo' | 'agency';
interface Scenario {
  name: string;
  target: Target;
  path: string;
  body?: Record<string, unknown>;
  as?: Principal;
}
interface Row {
  scenario: string;
  connections: number;
  total: number | null;
  p50: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
  /** Requests that completed in the measured run; 0 means none answered within it. */
  completed: number;
  /** Answers other than code 200 (HTTP errors or an error envelope). */
  mismatches: number;
  /** CPU time per answered request of the app's process and of its PostgreSQL backends. */
  nodeCpuMsPerRequest: number;
  postgresCpuMsPerRequest: number;
  errors: number;
}

const numberList = (value: string | undefined, fallback: number[]) => (value ? value.split(',').map((item) => Number(item.trim())) : fallback);
const day = (date: Date) => date.toISOString().slice(0, 10);

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
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'generate-stores.ts')], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error('generating the benchmark database failed');
}

/** What the scenarios search for, taken from the data: one store's ID, one merchant's email, one bill number. */
async function sampleValues(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: [sample] } = await client.query<{ shop_id: string; merchant_email: string; bill_no: string }>(
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

function scenarios(sample: { shop_id: string; merchant_email: string; bill_no: string }): Scenario[] {
  const now = new Date();
  const monthAgo = new Date(now.getTime() - 29 * 86_400_000);
  const range = { start_date: day(monthAgo), end_date: day(now) };
  const shops = 'admin/parlour/shop/lists';
  const bills = 'admin/order/order/lists';
  return [
    { name: 'bare node:http', target: 'http', path: 'bare' },
    { name: 'bare Fastify', target: 'fastify', path: 'bare' },
    { name: 'admin stores: all, page 1', target: 'app', path: shops, as: 'admin', body: { tab: 'all', page: 1 } },
    { name: 'admin stores: pending renewal', target: 'app', path: shops, as: 'admin', body: { tab: 'pending_renewal', page: 1 } },
    { name: 'admin stores: keyword, one store', target: 'app', path: shops, as: 'admin', body: { keyword: sample.shop_id } },
    { name: 'admin stores: keyword "panda"', target: 'app', path: shops, as: 'admin', body: { keyword: 'panda' } },
    { name: 'admin stores: merchant keyword', target: 'app', path: shops, as: 'admin', body: { merchant_keyword: sample.merchant_email.split('@')[0] } },
    { name: 'admin stores: page 50', target: 'app', path: shops, as: 'admin', body: { tab: 'all', page: 50 } },
    { name: 'merchant stores (5 stores)', target: 'app', path: 'merchant/parlour/shop/lists', as: 'demo', body: {} },
    { name: 'merchant stores (agency)', target: 'app', path: 'merchant/parlour/shop/lists', as: 'agency', body: {} },
    { name: 'admin bills: all, page 1', target: 'app', path: bills, as: 'admin', body: { page: 1 } },
    { name: 'admin bills: status paid', target: 'app', path: bills, as: 'admin', body: { status: 'paid' } },
    { name: 'admin bills: last 30 days', target: 'app', path: bills, as: 'admin', body: range },
    { name: 'admin bills: keyword bill_no', target: 'app', path: bills, as: 'admin', body: { keyword: sample.bill_no } },
    { name: 'admin income: all, page 1', target: 'app', path: 'admin/order/income/lists', as: 'admin', body: {} },
    // What the console's income tab asks for: it always sends a range, the last 30 days by default.
    { name: 'admin income: last 30 days', target: 'app', path: 'admin/order/income/lists', as: 'admin', body: range },
    { name: 'merchant bills (5 stores)', target: 'app', path: 'merchant/order/order/lists', as: 'demo', body: {} },
    { name: 'merchant bills (agency)', target: 'app', path: 'merchant/order/order/lists', as: 'agency', body: {} },
  ];
}

/** CPU time of a process so far, in ms, from /proc (Linux): user + system clock ticks of 10 ms. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU spent by the servers (the app's process and its PostgreSQL backends) between two readings:
 * unlike latency, it hardly moves with other work on the machine.
 */
async function readCpu(client: pg.Client, serverPid: number) {
  const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  return { server: cpuMs(serverPid), backends: new Map(rows.map((row) => [row.pid, cpuMs(row.pid)])) };
}
function cpuSince(before: Awaited<ReturnType<typeof readCpu>>, after: Awaited<ReturnType<typeof readCpu>>) {
  let backends = 0;
  for (const [pid, ms] of after.backends) backends += ms - (before.backends.get(pid) ?? 0);
  return { node: after.server - before.server, postgres: backends };
}

function startServers(): Promise<{ ports: Record<Target, number>; pid: number; stop: () => void }> {
  const child = fork(path.join(here, 'lib/serve.ts'), { execArgv: ['--import', 'tsx'], env: process.env, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (ports) => resolve({ ports: ports as Record<Target, number>, pid: child.pid!, stop: () => child.kill('SIGTERM') }));
    child.once('exit', (code) => reject(new Error(`the server process exited with ${code}`)));
  });
}

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: { total?: number; userinfo?: { token: string } } | null };
}

async function signIn(base: string, path: string, account: string, password: string) {
  const answer = await post(`${base}/api/v1/${path}`, { account, password, lang_code: 'en-US' });
  if (answer.code !== 200 || !answer.data?.userinfo) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(answer)}`);
  return answer.data.userinfo.token;
}

function run(options: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function main() {
  const url = benchDatabaseUrl();
  const connectionsList = numberList(process.env.BENCH_CONNECTIONS, [1, 10]);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const warmup = Number(process.env.BENCH_WARMUP ?? 3);
  const only = process.env.BENCH_ONLY;

  // The 1-minute load average before and after: other work on the machine shows in the figures.
  const loadBefore = os.loadavg()[0];
  await ensureData(url);
  const sample = await sampleValues(url);
  const { ports, pid, stop } = await startServers();
  const rows: Row[] = [];
  const cpuClient = new pg.Client({ connectionString: url });
  await cpuClient.connect();
  try {
    const base = (target: Target) => `http://127.0.0.1:${ports[target]}`;
    const tokens: Record<Principal, string> = {
      admin: await signIn(base('app'), 'admin/member/user/login', BENCH_ADMIN.account, BENCH_ADMIN.password),
      demo: await signIn(base('app'), 'merchant/member/user/login', BENCH_DEMO_MERCHANT.email, BENCH_DEMO_MERCHANT.password),
      agency: await signIn(base('app'), 'merchant/member/user/login', BENCH_AGENCY_MERCHANT.email, BENCH_AGENCY_MERCHANT.password),
    };

    for (const scenario of scenarios(sample).filter((entry) => !only || entry.name.includes(only))) {
      const body = JSON.stringify({ ...scenario.body, lang_code: 'en-US' });
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (scenario.as) headers.authorization = `Bearer ${tokens[scenario.as]}`;
      const target = `${base(scenario.target)}/api/v1/${scenario.path}`;
      const answer = await post(target, JSON.parse(body), scenario.as ? tokens[scenario.as] : undefined);
      if (answer.code !== 200) throw new Error(`${scenario.name} answered ${JSON.stringify(answer).slice(0, 300)}`);
      const total = scenario.target === 'app' ? (answer.data?.total ?? null) : null;

      for (const connections of connectionsList) {
        const options = { url: target, method: 'POST' as const, headers, body, connections, verifyBody: (text: string) => text.startsWith('{"code":200,') };
        if (warmup > 0) await run({ ...options, duration: warmup });
        const cpuBefore = await readCpu(cpuClient, pid);
        const result = await run({ ...options, duration });
        const cpu = cpuSince(cpuBefore, await readCpu(cpuClient, pid));
        const row: Row = {
          scenario: scenario.name,
          connections,
          total,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          requestsPerSecond: result.requests.average,
          completed: result.requests.total,
          mismatches: result.non2xx + result.mismatches,
          nodeCpuMsPerRequest: result.requests.total ? cpu.node / result.requests.total : 0,
          postgresCpuMsPerRequest: result.requests.total ? cpu.postgres / result.requests.total : 0,
          errors: result.errors + result.non2xx + result.mismatches + result.timeouts,
        };
        // Nothing answered within the run: the latency is at least the run's length, not the histogram's zero.
        if (row.completed === 0) Object.assign(row, { p50: duration * 1000, p99: duration * 1000, max: duration * 1000 });
        rows.push(row);
        console.log(
          `${scenario.name.padEnd(36)} c=${String(connections).padStart(2)}  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${row.requestsPerSecond.toFixed(0).padStart(6)} req/s  cpu ${(row.nodeCpuMsPerRequest + row.postgresCpuMsPerRequest).toFixed(2)} ms/req${row.errors ? `  ${row.errors} errors` : ''}${total !== null ? `  (total ${total})` : ''}`,
        );
      }
    }
  } finally {
    await cpuClient.end();
    stop();
  }

  const reference = (scenario: string, connections: number) => rows.find((row) => row.scenario === scenario && row.connections === connections)?.requestsPerSecond;
  const lines = [
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${duration} s per run after ${warmup} s warm-up; load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after.`,
    '',
    '| scenario | conn | total | p50 ms | p99 ms | req/s | ÷ node:http | ÷ Fastify | CPU ms/req node + pg | p99 < 50 ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
    ...rows.map((row) => {
      const http = reference('bare node:http', row.connections);
      const fastify = reference('bare Fastify', row.connections);
      const ratio = (value: number | undefined) => (value ? (row.requestsPerSecond / value).toFixed(3) : '–');
      return `| ${row.scenario} | ${row.connections} | ${row.total ?? ''} | ${row.p50} | ${row.p99} | ${Math.round(row.requestsPerSecond)} | ${ratio(http)} | ${ratio(fastify)} | ${row.nodeCpuMsPerRequest.toFixed(2)} + ${row.postgresCpuMsPerRequest.toFixed(2)} | ${row.completed > 0 && row.p99 < TARGET_P99_MS ? 'yes' : '**no**'}${row.errors ? ` (${row.errors} errors)` : ''} |`;
    }),
  ];
  console.log(`\n${lines.join('\n')}`);
  const resultsDir = path.join(here, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `stores-lists-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ machine: { cores: os.cpus().length, node: process.version, loadBefore, loadAfter: os.loadavg()[0] }, duration, warmup, rows }, null, 2)}\n`);
  console.log(`\nFigures written to ${path.relative(process.cwd(), file)}`);
  // A wrong answer fails the run; slowness (timeouts included) is what the table reports.
  if (rows.some((row) => row.mismatches > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
