import { adminLogout, merchantCaptcha, merchantLogin, merchantLogout } from '@parlour/contract/calls/account';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../src/jobs/boss';
import { buildTestApp, registerMerchant, type TestApp } from './helper';

async function countRows(t: TestApp, table: string) {
  const result = await t.database.db.execute<{ count: number }>(sql.raw(`select count(*)::int as count from ${table}`));
  return Number(result.rows[0].count);
}

describe('background jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('purges ended sessions, expired captchas, old codes and old failures, and keeps live ones', async () => {
    const merchant = await registerMerchant(t);
    // A captcha is stored only once used (issuing one stores nothing).
    const captcha = await t.call(merchantCaptcha, {});
    await t.app.services.captchas.consumeCaptcha(captcha.data.captcha_id, 'wrong');
    await t.call(merchantLogin, { account: 'ghost.jobs@example.com', password: 'Wrong#pass1' });
    await t.call(merchantLogout, {}, merchant.token);
    const purge = t.app.jobs.find((job) => job.queue === 'purge-stale-records');
    expect(purge?.cron).toBeTruthy();

    // Nothing is old enough yet.
    expect(await purge!.run()).toEqual({
      sessions: 0,
      captchas: 0,
      codes: 0,
      loginFailures: 0,
      idempotencyKeys: 0,
      twoFactorChallenges: 0,
      ipRateLimits: 0,
      paymentNonces: 0,
    });

    t.clock.advance(2 * 24 * 3600);
    const fresh = await t.call(merchantLogin, { account: merchant.email, password: merchant.password });
    const result = (await purge!.run()) as Record<string, number>;
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(result.captchas).toBeGreaterThanOrEqual(1);
    expect(result.codes).toBeGreaterThanOrEqual(1);
    expect(result.loginFailures).toBeGreaterThanOrEqual(1);
    // The per-IP counters of the captcha, code and login calls above (their windows are long over).
    expect(result.ipRateLimits).toBeGreaterThanOrEqual(1);
    // The session opened after the clock moved is untouched.
    expect((await t.call(adminLogout, {}, fresh.data.userinfo.token)).code).toBe(10003);
    expect(await countRows(t, 'sessions')).toBeGreaterThanOrEqual(1);
  });

  it('runs queued work through pg-boss on this database', async () => {
    let resolveRun: (value: string) => void = () => undefined;
    const ran = new Promise<string>((resolve) => {
      resolveRun = resolve;
    });
    const boss = await startJobs({
      database: t.database,
      log: t.app.log,
      jobs: [{ queue: 'test-queue', run: async () => resolveRun('done') }],
    });
    try {
      await boss.send('test-queue', {});
      await expect(
        Promise.race([ran, new Promise((_, reject) => setTimeout(() => reject(new Error('job did not run')), 20_000))]),
      ).resolves.toBe('done');
    } finally {
      await boss.stop({ graceful: false, wait: true, timeout: 5_000 });
    }
  });
});
