/**
 * Throughput and latency of a store's own pages (issue 24 §6): the demo store's home, a search and an
 * item page, server-rendered (react-dom/server) and compressed as a browser asks (brotli), beside a
 * bare node:http handler and a bare Fastify route measured in the same run, with the CPU time per page
 * of the app's process and of its PostgreSQL backends.
 *
 *   npm run bench:storefront
 *
 * Recreates parlour_storefront_bench (BENCH_STOREFRONT_DATABASE_URL), starts the real app on it
 * (bench/lib/serve.ts: production configuration, logger off, its own migrations, the demo seeded as
 * `npm start` seeds it, IP_RATE_LIMIT_SCALE raised: every page comes from one address, and the
 * storefront allows 60 uncached product pages a minute per visitor), gives the demo merchant a
 * package no run can drain, then runs autocannon on each page: the same URL again and again, as
 * repeat visits. Search and item pages are product lookups: each is the store's metered Open API
 * call (a charge and a log row) through the sandbox provider, in process. Once the product-data
 * cache lands they become cache hits, which this benchmark then measures as they are.
 * Settings: BENCH_CONNECTIONS (default "10,50"), BENCH_DURATION seconds (default 10), BENCH_WARMUP
 * seconds (default 3), BENCH_ONLY (a substring of the page names). Prints a Markdown table and writes
 * the figures to bench/results/.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync } from 'node:zlib';
import pg from 'pg';
import { recreateDatabase } from './lib/bench-database';
import {
  cpuSince,
  loadSettings,
  readCpu,
  resultTable,
  run,
  startServers,
  writeResults,
  type Row,
} from './lib/load-run';

/** The demo's yearly store (apps/api/src/db/seed), on the benchmark's SHOP_BASE_DOMAIN (lib/serve.ts). */
const STORE_HOST = 'demoglobal.bench.parlour.shop';
/** Every page from one address (127.0.0.1): the per-visitor budgets times this. */
const IP_RATE_LIMIT_SCALE = '1000000';

const PAGES = [
  { name: 'store home /', path: '/' },
  { name: 'store search /search?q=dress', path: '/search?q=dress' },
  { name: 'store item /item/1688/…', path: '/item/1688/625472650851' },
];

/** One request with these headers (fetch drops a Host header; a store is found by its Host). */
function request(url: string, options: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const outgoing = http.request(url, { method: options.method, headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

function databaseUrl() {
  return process.env.BENCH_STOREFRONT_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/parlour_storefront_bench';
}

/** A general package of a billion units for the demo merchant: its stores' lookups never run dry in a run. */
async function grantUnits(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into traffic_packages (merchant_id, plan_id, name, is_general, units_total, valid_days, paid_at, expires_at)
       select merchant_id, 3, 'bench package', true, 1000000000, 365, now(), now() + interval '365 days'
       from shops where shop_id = 'demoglobal'`,
    );
  } finally {
    await client.end();
  }
}

async function main() {
  const url = databaseUrl();
  const settings = {
    ...loadSettings(),
    connectionsList: (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number),
  };
  const loadBefore = os.loadavg()[0];
  await recreateDatabase(url);
  // As deployed: React's production build (react-dom/server reads NODE_ENV when the server process loads it).
  process.env.NODE_ENV = 'production';
  process.env.BENCH_SEED_DEMO = 'true';
  process.env.IP_RATE_LIMIT_SCALE = IP_RATE_LIMIT_SCALE;
  const servers = await startServers(url);
  const rows: Row[] = [];
  const cpuClient = new pg.Client({ connectionString: url });
  try {
    await grantUnits(url);
    await cpuClient.connect();
    const targets = [
      { name: 'bare node:http', port: servers.ports.http, path: '/', host: '127.0.0.1', isBare: true },
      { name: 'bare Fastify', port: servers.ports.fastify, path: '/api/v1/bare', host: '127.0.0.1', isBare: true },
      ...PAGES.map((page) => ({ ...page, port: servers.ports.app, host: STORE_HOST, isBare: false })),
    ].filter((target) => target.isBare || !settings.only || target.name.includes(settings.only));
    for (const target of targets) {
      const address = `http://127.0.0.1:${target.port}${target.path}`;
      // A browser's request: the store's Host, HTML, brotli; the bare Fastify route only answers POST.
      const method = target.name === 'bare Fastify' ? ('POST' as const) : ('GET' as const);
      const headers = {
        host: target.host,
        accept: 'text/html',
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'en-US',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      };
      const body = method === 'POST' ? '{}' : undefined;
      const firstStarted = performance.now();
      const first = await request(address, { method, headers, body });
      const firstMs = Math.round(performance.now() - firstStarted);
      const text = (
        first.headers['content-encoding'] === 'br' ? brotliDecompressSync(first.body) : first.body
      ).toString();
      if (first.status !== 200) throw new Error(`${target.name} answered ${first.status}: ${text.slice(0, 300)}`);
      if (!target.isBare && !text.includes('/_assets/storefront-'))
        throw new Error(`${target.name} does not name the client script`);
      for (const connections of settings.connectionsList) {
        const options = { url: address, method, headers, body, connections };
        if (settings.warmup > 0) await run({ ...options, duration: settings.warmup });
        const before = await readCpu(cpuClient, servers.pid);
        const result = await run({ ...options, duration: settings.duration });
        const cpu = cpuSince(before, await readCpu(cpuClient, servers.pid));
        const row: Row = {
          scenario: target.name,
          connections,
          total: null,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          requestsPerSecond: result.requests.average,
          completed: result.requests.total,
          mismatches: result.non2xx,
          nodeCpuMsPerRequest: result.requests.total ? cpu.node / result.requests.total : 0,
          postgresCpuMsPerRequest: result.requests.total ? cpu.postgres / result.requests.total : 0,
          errors: result.errors + result.non2xx + result.timeouts,
          firstMs,
        };
        rows.push(row);
        console.log(
          `${target.name.padEnd(34)} c=${String(connections).padStart(2)}  p50 ${row.p50} ms  p99 ${row.p99} ms  ` +
            `${row.requestsPerSecond.toFixed(0)} pages/s  cpu ${(row.nodeCpuMsPerRequest + row.postgresCpuMsPerRequest).toFixed(2)} ms/page` +
            `${row.errors ? `  ${row.errors} errors` : ''}`,
        );
      }
    }
    console.log(['', ...resultTable(rows, { settings, loadBefore }), ''].join('\n'));
    console.log(`figures written to ${writeResults('storefront', rows, settings, loadBefore)}`);
    if (rows.some((row) => row.errors)) process.exitCode = 1;
  } finally {
    await cpuClient.end().catch(() => undefined);
    servers.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
