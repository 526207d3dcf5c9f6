/**
 * The servers under test, in a process of their own so the load generator does not share their
 * event loop: the real app (buildApp on the benchmark database, production configuration, logger
 * off), a bare Fastify route and a bare node:http handler answering a fixed envelope. Reports the
 * three ports to the parent over IPC and stops when the parent goes away.
 *
 * BENCH_API_WORKERS=N (default 1) runs the app in N processes sharing its port (node:cluster), as
 * a deployment with several API processes on one machine would; the bare servers stay in this one.
 */
import cluster from 'node:cluster';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openPostgres } from '../../apps/api/src/db/client';
import { seedDatabase } from '../../apps/api/src/db/seed/seed';
import { BENCH_ADMIN } from './bench-accounts';
import { benchDatabaseUrl } from './bench-database';

const FIXED_ANSWER = JSON.stringify({ code: 200, msg: 'ok', data: { list: [], total: 0 } });

const WORKERS = Math.max(1, Number(process.env.BENCH_API_WORKERS ?? 1));

async function startApp() {
  const databaseUrl = benchDatabaseUrl();
  const database = await openPostgres(databaseUrl);
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    ADMIN_ACCOUNT: BENCH_ADMIN.account,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    PAYMENT_PROVIDER: 'none',
    WEB_DIST_DIR: '/nonexistent',
    SECRETS_KEY: 'be'.repeat(32),
    SHOP_BASE_DOMAIN: 'bench.parlour.shop',
    // The storefront benchmark sends every page from one address: it raises the per-visitor limits.
    IP_RATE_LIMIT_SCALE: process.env.IP_RATE_LIMIT_SCALE,
  });
  const app = await buildApp({ config, database, logger: false });
  // BENCH_SEED_DEMO=true: the demo merchant and its stores (the storefront benchmark's pages), as `npm start` seeds them.
  if (process.env.BENCH_SEED_DEMO === 'true') await seedDatabase(app, config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: (app.server.address() as AddressInfo).port,
    close: async () => (await app.close(), await database.close()),
  };
}

/** The app in WORKERS cluster workers on one shared port; answers the port and the workers' pids. */
async function startWorkers() {
  const workers = Array.from({ length: WORKERS }, () => cluster.fork());
  const ports = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<number>((resolve) => worker.once('message', (message: { port: number }) => resolve(message.port))),
    ),
  );
  if (new Set(ports).size !== 1) throw new Error(`the workers listen on different ports: ${ports.join(', ')}`);
  return {
    port: ports[0],
    pids: workers.map((worker) => worker.process.pid!),
    close: async () => workers.forEach((worker) => worker.kill('SIGTERM')),
  };
}

async function main() {
  const app = WORKERS > 1 ? await startWorkers() : { ...(await startApp()), pids: [process.pid] };

  const bareFastify = Fastify({ logger: false });
  bareFastify.post('/api/v1/bare', async () => FIXED_ANSWER);
  await bareFastify.listen({ host: '127.0.0.1', port: 0 });

  const bareHttp = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(FIXED_ANSWER);
    });
  });
  await new Promise<void>((resolve) => bareHttp.listen(0, '127.0.0.1', resolve));

  const portOf = (address: AddressInfo | string | null) => (address as AddressInfo).port;
  process.send?.({
    app: app.port,
    appPids: app.pids,
    fastify: portOf(bareFastify.server.address()),
    http: portOf(bareHttp.address()),
  });

  const stop = async () => {
    await Promise.allSettled([app.close(), bareFastify.close(), new Promise((resolve) => bareHttp.close(resolve))]);
    process.exit(0);
  };
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
}

async function worker() {
  const app = await startApp();
  process.send?.({ port: app.port });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  process.on('disconnect', () => process.exit(0));
}

(cluster.isWorker ? worker() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
