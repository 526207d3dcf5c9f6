/**
 * What the list and report benchmarks share: the servers under test in a child process
 * (lib/serve.ts), sign-in, autocannon runs with a warm-up, CPU time of the app and of its PostgreSQL
 * backends per request, and the Markdown table with ratios to the bare servers.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const here = import.meta.dirname;

export type Target = 'app' | 'fastify' | 'http';
export interface Scenario<P extends string = string> {
  name: string;
  target: Target;
  path: string;
  body?: Record<string, unknown>;
  as?: P;
}
export interface Row {
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
  /** The scenario's first answer, before any warm-up: what a cold cache costs. */
  firstMs: number;
}

export const numberList = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map((item) => Number(item.trim())) : fallback;
export const day = (date: Date) => date.toISOString().slice(0, 10);

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
export async function readCpu(client: pg.Client, serverPid: number) {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return { server: cpuMs(serverPid), backends: new Map(rows.map((row) => [row.pid, cpuMs(row.pid)])) };
}
export function cpuSince(before: Awaited<ReturnType<typeof readCpu>>, after: Awaited<ReturnType<typeof readCpu>>) {
  let backends = 0;
  for (const [pid, ms] of after.backends) backends += ms - (before.backends.get(pid) ?? 0);
  return { node: after.server - before.server, postgres: backends };
}

/**
 * The app on `databaseUrl`, a bare Fastify route and a bare node:http handler, in a child process (the
 * app in `appPids`: that process, or its cluster workers with BENCH_API_WORKERS).
 */
export function startServers(
  databaseUrl: string,
): Promise<{ ports: Record<Target, number>; pid: number; appPids: number[]; stop: () => void }> {
  const child = fork(path.join(here, 'serve.ts'), {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_EXEC_ARGV ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => {
      const { appPids, ...ports } = message as Record<Target, number> & { appPids: number[] };
      resolve({ ports, pid: child.pid!, appPids, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`the server process exited with ${code}`)));
  });
}

export async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as {
    code: number;
    msg: string;
    data: { total?: number; userinfo?: { token: string } } | null;
  };
}

export async function signIn(base: string, callPath: string, account: string, password: string) {
  const answer = await post(`${base}/api/v1/${callPath}`, { account, password, lang_code: 'en-US' });
  if (answer.code !== 200 || !answer.data?.userinfo)
    throw new Error(`sign-in of ${account} failed: ${JSON.stringify(answer)}`);
  return answer.data.userinfo.token;
}

export function run(options: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export interface LoadSettings {
  connectionsList: number[];
  duration: number;
  warmup: number;
  only: string | undefined;
}
export function loadSettings(): LoadSettings {
  return {
    connectionsList: numberList(process.env.BENCH_CONNECTIONS, [1, 10]),
    duration: Number(process.env.BENCH_DURATION ?? 10),
    warmup: Number(process.env.BENCH_WARMUP ?? 3),
    only: process.env.BENCH_ONLY,
  };
}

/**
 * Runs every scenario (after checking it answers code 200) at each connection count: a warm-up,
 * then the measured run with the servers' CPU time read around it. Prints a line per run.
 */
export async function runScenarios<P extends string>(options: {
  scenarios: Array<Scenario<P>>;
  ports: Record<Target, number>;
  serverPid: number;
  databaseUrl: string;
  tokens: Record<P, string>;
  settings: LoadSettings;
}): Promise<Row[]> {
  const { scenarios, ports, serverPid, databaseUrl, tokens, settings } = options;
  const rows: Row[] = [];
  const cpuClient = new pg.Client({ connectionString: databaseUrl });
  await cpuClient.connect();
  try {
    for (const scenario of scenarios.filter((entry) => !settings.only || entry.name.includes(settings.only))) {
      const body = JSON.stringify({ ...scenario.body, lang_code: 'en-US' });
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const token = scenario.as ? tokens[scenario.as] : undefined;
      if (token) headers.authorization = `Bearer ${token}`;
      const target = `http://127.0.0.1:${ports[scenario.target]}/api/v1/${scenario.path}`;
      const firstStarted = performance.now();
      const answer = await post(target, JSON.parse(body), token);
      const firstMs = Math.round(performance.now() - firstStarted);
      if (answer.code !== 200) throw new Error(`${scenario.name} answered ${JSON.stringify(answer).slice(0, 300)}`);
      const total = scenario.target === 'app' ? (answer.data?.total ?? null) : null;

      for (const connections of settings.connectionsList) {
        const runOptions = {
          url: target,
          method: 'POST' as const,
          headers,
          body,
          connections,
          verifyBody: (text: string) => text.startsWith('{"code":200,'),
        };
        if (settings.warmup > 0) await run({ ...runOptions, duration: settings.warmup });
        const cpuBefore = await readCpu(cpuClient, serverPid);
        const result = await run({ ...runOptions, duration: settings.duration });
        const cpu = cpuSince(cpuBefore, await readCpu(cpuClient, serverPid));
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
          firstMs,
        };
        // Nothing answered within the run: the latency is at least the run's length, not the histogram's zero.
        if (row.completed === 0)
          Object.assign(row, {
            p50: settings.duration * 1000,
            p99: settings.duration * 1000,
            max: settings.duration * 1000,
          });
        rows.push(row);
        const cpuMs = (row.nodeCpuMsPerRequest + row.postgresCpuMsPerRequest).toFixed(2);
        console.log(
          [
            `${scenario.name.padEnd(40)} c=${String(connections).padStart(2)}`,
            `p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms`,
            `${row.requestsPerSecond.toFixed(0).padStart(6)} req/s  cpu ${cpuMs} ms/req`,
            ...(row.errors ? [`${row.errors} errors`] : []),
            ...(total !== null ? [`(total ${total})`] : []),
          ].join('  '),
        );
      }
    }
  } finally {
    await cpuClient.end();
  }
  return rows;
}

/** The Markdown table of a run: ratios to the bare servers at the same connections, CPU per request, the target column (when there is a target). */
export function resultTable(
  rows: Row[],
  options: { settings: LoadSettings; loadBefore: number; targetMs?: number; targetColumn?: string },
) {
  const hasTarget = options.targetMs !== undefined;
  const reference = (scenario: string, connections: number) =>
    rows.find((row) => row.scenario === scenario && row.connections === connections)?.requestsPerSecond;
  return [
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `Node ${process.version}; ${options.settings.duration} s per run after ${options.settings.warmup} s warm-up; ` +
      `load average ${options.loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after.`,
    '',
    `| scenario | conn | total | first ms | p50 ms | p99 ms | req/s | ÷ node:http | ÷ Fastify | CPU ms/req node + pg |${hasTarget ? ` ${options.targetColumn} |` : ''}`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${hasTarget ? ' :---: |' : ''}`,
    ...rows.map((row) => {
      const http = reference('bare node:http', row.connections);
      const fastify = reference('bare Fastify', row.connections);
      const ratio = (value: number | undefined) => (value ? (row.requestsPerSecond / value).toFixed(3) : '–');
      const cpu = `${row.nodeCpuMsPerRequest.toFixed(2)} + ${row.postgresCpuMsPerRequest.toFixed(2)}`;
      const isOnTarget = row.completed > 0 && row.p99 < (options.targetMs ?? Infinity);
      const errors = row.errors ? ` (${row.errors} errors)` : '';
      const target = hasTarget ? `${isOnTarget ? 'yes' : '**no**'}${errors}` : undefined;
      const cells = [
        row.scenario,
        row.connections,
        row.total ?? '',
        row.firstMs,
        row.p50,
        row.p99,
        Math.round(row.requestsPerSecond),
        ratio(http),
        ratio(fastify),
        hasTarget ? cpu : `${cpu}${errors}`,
        ...(target === undefined ? [] : [target]),
      ];
      return `| ${cells.join(' | ')} |`;
    }),
  ];
}

/** Writes a run's figures to bench/results/<name>-<time>.json and answers the file's path. */
export function writeResults(name: string, rows: Row[], settings: LoadSettings, loadBefore: number) {
  const resultsDir = path.join(here, '..', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify(
      {
        machine: { cores: os.cpus().length, node: process.version, loadBefore, loadAfter: os.loadavg()[0] },
        duration: settings.duration,
        warmup: settings.warmup,
        rows,
      },
      null,
      2,
    )}\n`,
  );
  return file;
}
