import type PgBoss from 'pg-boss';
import { startJobs } from '../src/jobs/boss';
import type { TestApp } from './helper';

export const FAILING_QUEUE = 'test-always-fails';
export const FAILING_JOB_ERROR = 'vendor exploded on purpose';

/** Polls until `check` answers a value (or throws after `timeoutMs`). */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * pg-boss on the test app's database with one queue whose job always throws, so tests get real
 * failed jobs (with pg-boss's stored error) to list and retry.
 */
export async function startFailingQueue(t: TestApp) {
  const boss: PgBoss = await startJobs({
    database: t.database,
    log: t.app.log,
    jobs: [
      {
        queue: FAILING_QUEUE,
        run: async () => {
          throw new Error(FAILING_JOB_ERROR);
        },
      },
    ],
  });
  async function stateOf(id: string) {
    const { rows } = await t.database.executeSql('select state::text as state from pgboss.job where id = $1::uuid', [
      id,
    ]);
    return (rows[0] as { state: string } | undefined)?.state;
  }
  return {
    boss,
    stateOf,
    /** Sends a job that is not retried by pg-boss itself and waits until it has failed. */
    async failedJob() {
      const id = await boss.send(FAILING_QUEUE, { purpose: 'test' }, { retryLimit: 0 });
      if (!id) throw new Error('pg-boss did not take the job');
      await waitFor(async () => ((await stateOf(id)) === 'failed' ? true : undefined));
      return { queue: FAILING_QUEUE, id };
    },
    stop: () => boss.stop({ graceful: false, wait: true, timeout: 5_000 }),
  };
}
export type FailingQueue = Awaited<ReturnType<typeof startFailingQueue>>;
