import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { AttachableJobQueue } from '../lib/job-queue';

/** A background job: its queue, an optional cron schedule (UTC) and what it does. */
export interface JobDefinition {
  queue: string;
  /** Cron expression; scheduled jobs run once per tick across all API processes. */
  cron?: string;
  /** How often a worker looks for new jobs (pg-boss's default is 2 s; 0.5 at least). */
  pollingIntervalSeconds?: number;
  /** Does the job; `data` is what was sent with it (nothing for scheduled runs). */
  run(data?: unknown): Promise<unknown>;
}

/**
 * Starts pg-boss on the app's database (its tables live in the `pgboss` schema, created on first start)
 * and registers the workers. Jobs survive restarts and are shared by every API process on one database.
 */
export async function startJobs(options: {
  database: Database;
  log: FastifyBaseLogger;
  jobs: JobDefinition[];
  /** Services send work through it; attached once pg-boss runs. */
  queue?: AttachableJobQueue;
}) {
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values: unknown[]) =>
        options.database.executeSql(text, values) as Promise<{ rows: never[] }>,
    },
    schema: 'pgboss',
    // The embedded database has one connection: poll gently and keep the maintenance light.
    supervise: true,
    schedule: true,
  });
  boss.on('error', (error: unknown) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const job of options.jobs) {
    await boss.createQueue(job.queue);
    if (job.cron) await boss.schedule(job.queue, job.cron);
    await boss.work(job.queue, { pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2 }, async ([received]) => {
      const result = await job.run(received?.data);
      options.log.info({ queue: job.queue, result }, 'job done');
      return result;
    });
  }
  options.queue?.attach((queue, data) => boss.send(queue, data));
  return boss;
}
