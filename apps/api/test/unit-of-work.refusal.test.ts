import { adminAddDataSource } from '@parlour/contract/calls/open-core';
import { ErrorCode } from '@parlour/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { runInUnitOfWork } from '../src/lib/unit-of-work';
import { buildTestApp, type TestApp } from './helper';
import { signInAdmin } from './shop-helper';

/**
 * Found by the contract fuzz test (docs/SECURITY.md, Input bounds): an operator writing call
 * refused after a failed statement (a unique violation answered as "already exists") runs in the
 * audit's unit of work, whose transaction that statement aborted. The answer is the refusal, never
 * SERVER_ERROR.
 */
describe('[UNIT OF WORK] a refusal after a failed statement', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it('answers its code: a second data source for a platform is DATA_SOURCE_EXISTS', async () => {
    const fields = { platform: '1688', name: 'Second 1688 source', is_enabled: true, remark: '', sort: 1 };
    const answer = await t.callRaw(adminAddDataSource, fields, admin);
    expect(answer.code).toBe(ErrorCode.DATA_SOURCE_EXISTS);
    // The unit of work is usable again at once.
    expect((await t.callRaw(adminAddDataSource, fields, admin)).code).toBe(ErrorCode.DATA_SOURCE_EXISTS);
  });

  it('whatever statement failed before it: the unit of work answers the refusal, not the aborted COMMIT', async () => {
    const refusal = new AppError('DATA_SOURCE_EXISTS');
    const work = runInUnitOfWork(
      t.database.db,
      { actor: null, commitOn: (error) => error instanceof AppError },
      async (unit) => {
        await unit.tx.execute(sql`select 1 / 0`).catch(() => undefined);
        throw refusal;
      },
    );
    await expect(work).rejects.toBe(refusal);
  });
});
