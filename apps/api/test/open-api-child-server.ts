/**
 * A separate API process for the Open API's multi-process test: the real app on DATABASE_URL,
 * listening on a free port it reports over IPC; it stops when the parent goes away.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/client';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const database = await openPostgres(databaseUrl);
const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  WEB_DIST_DIR: '/nonexistent',
  LOG_LEVEL: 'silent',
  PASSWORD_MEMORY_COST_KIB: '1024',
  OUTBOUND_ALLOW: '127.0.0.1',
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (app.server.address() as AddressInfo).port });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
