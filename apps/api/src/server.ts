import { buildApp } from './app';
import { DEFAULT_ADMIN_PASSWORD, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_MERCHANT, seedDatabase } from './db/seed/seed';
import { startJobs } from './jobs/boss';

/** The one entry with side effects: read the environment, migrate, seed, listen, stop on signals. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ config, database });
  await seedDatabase(app, config);
  const boss = await startJobs({ database, log: app.log, jobs: app.jobs, queue: app.jobQueue });
  await app.listen({ host: config.host, port: config.port });

  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Parlour is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Operator console: ${url}/admin/login  account ${config.adminAccount}${config.adminPassword === DEFAULT_ADMIN_PASSWORD ? `  password ${DEFAULT_ADMIN_PASSWORD}` : ''}`,
  ];
  if (config.seedDemo) lines.push(`  Demo merchant:    ${url}/login  account ${DEMO_MERCHANT.email}  password ${DEMO_MERCHANT.password}`);
  lines.push(`  API reference:    ${url}/api/docs`, '');
  console.log(lines.join('\n'));

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal }, 'stopping');
    await app.close();
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
