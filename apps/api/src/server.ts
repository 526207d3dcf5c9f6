import type PgBoss from 'pg-boss';
import { buildApp, type App } from './app';
import { DEFAULT_ADMIN_PASSWORD, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DEMO_MERCHANT, seedDatabase } from './db/seed/seed';
import { startJobs } from './jobs/boss';

/** A stopping process is gone within 10 s of the signal, whatever hangs: this is the hard deadline. */
const HARD_EXIT_MS = 9_500;
/** How long running jobs may take to finish before pg-boss marks them failed (they are retried later). */
const JOB_STOP_TIMEOUT_MS = 5_000;

/** What has been started so far, closed in reverse order on the way out. */
interface Running {
  database?: Database;
  app?: App;
  boss?: PgBoss;
}

/** The one entry with side effects: read the environment, migrate, seed, listen, stop on signals. */
async function start(config: Config, running: Running) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  running.database = database;
  await database.migrate();
  const app = await buildApp({ config, database });
  running.app = app;
  await seedDatabase(app, config);
  running.boss = await startJobs({ database, log: app.log, jobs: app.jobs, queue: app.jobQueue });
  await app.listen({ host: config.host, port: config.port });
  printBanner(app, config, database);
}

/** Where to go and how to sign in, set apart from the log lines (one log entry in JSON mode). */
function printBanner(app: App, config: Config, database: Database) {
  const url = `http://localhost:${config.port}`;
  const operatorPassword =
    config.adminPassword === DEFAULT_ADMIN_PASSWORD ? DEFAULT_ADMIN_PASSWORD : '(ADMIN_PASSWORD)';
  const entries: Array<[string, string]> = [
    ['Console', url],
    ['Operator', `${url}/admin/login   account ${config.adminAccount}   password ${operatorPassword}`],
    ...(config.seedDemo
      ? [
          ['Demo merchant', `${url}/login   account ${DEMO_MERCHANT.email}   password ${DEMO_MERCHANT.password}`] as [
            string,
            string,
          ],
        ]
      : []),
    ['API reference', `${url}/api/docs`],
    ['Database', database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'],
  ];
  if (config.logFormat === 'json') {
    app.log.info(
      {
        url,
        database: database.kind,
        operator: config.adminAccount,
        demo_merchant: config.seedDemo ? DEMO_MERCHANT.email : undefined,
      },
      `Parlour is running at ${url}`,
    );
    return;
  }
  const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[22m` : text);
  const rule = '─'.repeat(72);
  const lines = [
    '',
    `  ${rule}`,
    `  ${bold(`Parlour is running at ${url}`)}`,
    '',
    ...entries.map(([label, value]) => `    ${label.padEnd(15)}${value}`),
    '',
    '    Stop with Ctrl-C.',
    `  ${rule}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * Stops in order: no new requests and the ones in flight answered (app.close), running jobs
 * finished or handed back (pg-boss), then the database closed. A hard exit after HARD_EXIT_MS
 * keeps a stuck close from holding the port.
 */
async function stop(running: Running, startup: Promise<void>, reason: string) {
  const startedAt = Date.now();
  const log = running.app?.log;
  setTimeout(() => {
    (log?.error.bind(log) ?? console.error)(`still stopping ${HARD_EXIT_MS} ms after ${reason}: exiting now`);
    process.exit(1);
  }, HARD_EXIT_MS).unref();
  log?.info({ reason }, `stopping (${reason}): finishing requests in flight`);
  // A signal during start waits for the step under way, so nothing is closed under its feet.
  await startup.catch(() => undefined);
  const steps: Array<[string, (() => Promise<unknown>) | undefined]> = [
    ['http server', running.app && (() => running.app!.close())],
    [
      'jobs',
      running.boss &&
        (() => running.boss!.stop({ graceful: true, wait: true, close: false, timeout: JOB_STOP_TIMEOUT_MS })),
    ],
    ['database', running.database && (() => running.database!.close())],
  ];
  let failed = false;
  for (const [name, close] of steps) {
    if (!close) continue;
    try {
      await close();
    } catch (error) {
      failed = true;
      (running.app?.log ?? console).error({ err: error }, `closing the ${name} failed`);
    }
  }
  running.app?.log.info(`stopped in ${Date.now() - startedAt} ms`);
  process.exit(failed ? 1 : 0);
}

function main() {
  const config = loadConfig();
  const running: Running = {};
  const startup = start(config, running);
  let stopping: Promise<void> | undefined;
  const requestStop = (reason: string) => {
    stopping ??= stop(running, startup, reason);
  };
  process.on('SIGINT', () => requestStop('SIGINT'));
  process.on('SIGTERM', () => requestStop('SIGTERM'));
  // Started by scripts/start.mjs with an IPC channel: if that process goes away (killed, its terminal
  // closed), stop too rather than keep the port as an orphan.
  if (process.send) {
    process.on('disconnect', () => requestStop('parent process exited'));
    process.channel?.unref();
  }
  startup.catch((error: unknown) => {
    console.error(error);
    if (stopping) return;
    // Close what was opened (the PGlite data-dir lock above all), then exit with the failure.
    void Promise.allSettled([running.app?.close(), running.boss?.stop({ graceful: false, close: false })])
      .then(() => running.database?.close())
      .finally(() => process.exit(1));
  });
}

main();
