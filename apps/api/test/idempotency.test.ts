import { callUrl, type Call } from '@parlour/contract/call';
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@parlour/contract/errors';
import { merchantAddShop, merchantBuyShop, merchantRenewShop } from '@parlour/contract/calls/store';
import { merchantRegister, sendEmailCode } from '@parlour/contract/calls/account';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills, idempotencyKeys, merchants, shops } from '../src/db/schema/index';
import { createIdempotencyRepository } from '../src/platform/idempotency/idempotency.repository';
import { createIdempotencyService } from '../src/platform/idempotency/idempotency.service';
import { buildTestApp, GOOD_PASSWORD, registerMerchant, uniqueEmail, type TestApp } from './helper';
import { expectOk, shopFields } from './shop-helper';

const REPLAYED = 'idempotent-replayed';

describe('idempotency keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  /** POSTs with an Idempotency-Key; answers the envelope and whether it was replayed. */
  async function send(call: Call, body: Record<string, unknown>, key: string, token?: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: callUrl(call),
      payload: body,
      headers: { 'idempotency-key': key, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return {
      body: response.body,
      json: response.json() as { code: number; msg: string; data: unknown },
      isReplayed: response.headers[REPLAYED] === 'true',
    };
  }

  const countShops = async (merchantId: number) =>
    (await t.database.db.select({ n: count() }).from(shops).where(eq(shops.merchant_id, merchantId)))[0].n;
  const countBills = async (merchantId: number) =>
    (await t.database.db.select({ n: count() }).from(bills).where(eq(bills.merchant_id, merchantId)))[0].n;

  it('[IDEMPOTENCY]: a double-clicked registration creates one account and answers the same session twice', async () => {
    const email = uniqueEmail('double');
    await expectOk(t.call(sendEmailCode, { email, event: 'register' }));
    const body = {
      email,
      code: t.mail.lastCodeTo(email),
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
      agree: true,
    };
    const key = randomUUID();
    const [first, second] = await Promise.all([send(merchantRegister, body, key), send(merchantRegister, body, key)]);
    expect(first.json.code).toBe(200);
    expect(second.body).toBe(first.body);
    expect([first.isReplayed, second.isReplayed].sort()).toEqual([false, true]);
    const later = await send(merchantRegister, { ...body, lang_code: 'en-US' }, key);
    expect(later.body).toBe(first.body);
    expect(later.isReplayed).toBe(true);
    const [{ n }] = await t.database.db.select({ n: count() }).from(merchants).where(eq(merchants.email, email));
    expect(n).toBe(1);
  });

  it('[IDEMPOTENCY]: 20 concurrent "create and pay" with one key make one store and one bill and answer the same', async () => {
    const merchant = await registerMerchant(t);
    const body = { ...shopFields(), term_type: 'month', term: 1, pay_method: 'alipay' };
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(merchantBuyShop, body, key, merchant.token)),
    );
    expect(answers[0].json.code).toBe(200);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => !answer.isReplayed)).toHaveLength(1);
    expect(await countShops(merchant.id)).toBe(1);
    expect(await countBills(merchant.id)).toBe(1);
  });

  it('[IDEMPOTENCY]: a key reused with another body is refused and changes nothing', async () => {
    const merchant = await registerMerchant(t);
    const key = randomUUID();
    const first = await send(merchantAddShop, shopFields({ package_id: 1 }), key, merchant.token);
    expect(first.json.code).toBe(200);
    const other = await send(merchantAddShop, shopFields({ package_id: 1 }), key, merchant.token);
    expect(other.json.code).toBe(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    expect(other.json.msg).toContain('Idempotency-Key');
    // Same key on another call: refused too.
    const otherCall = await send(
      merchantRenewShop,
      { shop_id: 'whatever1', term_type: 'month', term: 1, pay_method: 'alipay' },
      key,
      merchant.token,
    );
    expect(otherCall.json.code).toBe(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    expect(await countShops(merchant.id)).toBe(1);
  });

  it('[IDEMPOTENCY]: a key of merchant A is never replayed to merchant B', async () => {
    const a = await registerMerchant(t);
    const b = await registerMerchant(t);
    const body = shopFields({ package_id: 1 });
    const key = randomUUID();
    const first = await send(merchantAddShop, body, key, a.token);
    expect(first.json.code).toBe(200);
    const stolen = await send(merchantAddShop, body, key, b.token);
    expect(stolen.json.code).toBe(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    expect(stolen.body).not.toContain(body.shop_id);
    expect(stolen.isReplayed).toBe(false);
    expect(await countShops(b.id)).toBe(0);
  });

  it("refuses a malformed key in the caller's language and runs nothing", async () => {
    const merchant = await registerMerchant(t);
    for (const key of ['', 'x'.repeat(256), 'clé-unique', 'tab\there']) {
      const answer = await send(
        merchantAddShop,
        { ...shopFields({ package_id: 1 }), lang_code: 'en-US' },
        key,
        merchant.token,
      );
      expect(answer.json.code).toBe(ErrorCode.IDEMPOTENCY_KEY_INVALID);
      expect(answer.json.msg).toMatch(/Idempotency-Key/);
    }
    expect(
      (await send(merchantAddShop, shopFields({ package_id: 1 }), 'k'.repeat(255), merchant.token)).json.code,
    ).toBe(200);
    expect(await countShops(merchant.id)).toBe(1);
  });

  it('does not keep a validation failure: the corrected body with the same key runs', async () => {
    const merchant = await registerMerchant(t);
    const key = randomUUID();
    const refused = await send(
      merchantAddShop,
      shopFields({ package_id: 1, contact_email: 'not-an-email' }),
      key,
      merchant.token,
    );
    expect(refused.json.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect((await send(merchantAddShop, shopFields({ package_id: 1 }), key, merchant.token)).json.code).toBe(200);
  });

  it('keeps a business refusal: a repeat answers it again without running', async () => {
    const merchant = await registerMerchant(t);
    // Enterprise has no trial: refused by the service, and that answer is the key's answer.
    const body = shopFields({ package_id: 3 });
    const key = randomUUID();
    const first = await send(merchantAddShop, body, key, merchant.token);
    expect(first.json.code).toBe(ErrorCode.TRIAL_UNAVAILABLE);
    const second = await send(merchantAddShop, body, key, merchant.token);
    expect(second.body).toBe(first.body);
    expect(second.isReplayed).toBe(true);
  });

  it('answers a replay for 24 hours, then runs the key afresh; the hourly purge drops old keys', async () => {
    const merchant = await registerMerchant(t);
    const key = randomUUID();
    const body = shopFields({ package_id: 1 });
    await send(merchantAddShop, body, key, merchant.token);
    t.clock.advance(23 * 3600);
    expect((await send(merchantAddShop, body, key, merchant.token)).isReplayed).toBe(true);
    t.clock.advance(3600 + 1);
    const afresh = await send(merchantAddShop, body, key, merchant.token);
    expect(afresh.isReplayed).toBe(false);
    expect(afresh.json.code).toBe(ErrorCode.SHOP_ID_TAKEN);
    t.clock.advance(25 * 3600);
    const purge = t.app.jobs.find((job) => job.queue === 'purge-stale-records');
    const result = (await purge!.run()) as { idempotencyKeys: number };
    expect(result.idempotencyKeys).toBeGreaterThanOrEqual(1);
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(n).toBe(0);
  });

  it('stores answers sealed: no session token in the table', async () => {
    const email = uniqueEmail('sealed');
    await expectOk(t.call(sendEmailCode, { email, event: 'register' }));
    const key = randomUUID();
    const answer = await send(
      merchantRegister,
      { email, code: t.mail.lastCodeTo(email), password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, agree: true },
      key,
    );
    const token = (answer.json.data as { userinfo: { token: string } }).userinfo.token;
    const [row] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row.response).not.toContain(token);
    expect(row.request_hash).not.toContain(GOOD_PASSWORD);
    expect(row.principal).toBe('anonymous');
  });

  describe('a repeat while the first request runs', () => {
    const request = { key: '', principal: 'merchant:1', callPath: 'merchant/test/slow', fields: { a: 1 } };
    const service = (options: { waitMs: number; staleSeconds?: number }) =>
      createIdempotencyService({
        repository: createIdempotencyRepository(t.database.db),
        secrets: t.app.services.secretBox,
        getHashKey: async () => Buffer.alloc(32, 7),
        clock: t.clock,
        pollMs: 10,
        ...options,
      });

    it('waits for the first answer and answers it', async () => {
      const idempotency = service({ waitMs: 5_000 });
      const key = randomUUID();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let runs = 0;
      const execute = async () => {
        runs += 1;
        await gate;
        return { code: 200, msg: 'ok', data: { n: runs } };
      };
      const first = idempotency.run({ ...request, key }, execute);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = idempotency.run({ ...request, key }, execute);
      setTimeout(release, 100);
      const [a, b] = await Promise.all([first, second]);
      expect(runs).toBe(1);
      expect(b).toEqual({ envelope: a.envelope, isReplayed: true });
    });

    it('answers "request in progress" when the wait is over, and the first still completes', async () => {
      const idempotency = service({ waitMs: 100 });
      const key = randomUUID();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const first = idempotency.run({ ...request, key }, async () => {
        await gate;
        return { code: 200, msg: 'ok', data: null };
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      await expect(
        idempotency.run({ ...request, key }, async () => ({ code: 200, msg: 'twice', data: null })),
      ).rejects.toMatchObject({
        key: 'IDEMPOTENCY_IN_PROGRESS',
      });
      release();
      expect((await first).isReplayed).toBe(false);
      expect(
        (await idempotency.run({ ...request, key }, async () => ({ code: 200, msg: 'again', data: null }))).isReplayed,
      ).toBe(true);
    });

    it('takes over a key whose request was abandoned (its process died)', async () => {
      const idempotency = service({ waitMs: 100, staleSeconds: 60 });
      const key = randomUUID();
      await createIdempotencyRepository(t.database.db).insertRunning({
        key,
        principal: request.principal,
        callPath: request.callPath,
        requestHash: 'x',
        now: t.clock.now(),
      });
      // Another hash: refused even while running.
      await expect(
        idempotency.run({ ...request, key }, async () => ({ code: 200, msg: '', data: null })),
      ).rejects.toMatchObject({ key: 'IDEMPOTENCY_KEY_REUSED' });
      const own = randomUUID();
      let runs = 0;
      const execute = async () => {
        runs += 1;
        return { code: 200, msg: 'ok', data: null };
      };
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      void idempotency.run({ ...request, key: own }, async () => {
        await gate; // never released before the clock moves: this "process" dies
        return { code: 500, msg: '', data: null };
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      t.clock.advance(61);
      const taken = await idempotency.run({ ...request, key: own }, execute);
      expect(taken.isReplayed).toBe(false);
      expect(runs).toBe(1);
      release();
    });

    it('releases the key when the request fails unexpectedly or is rate limited, so a retry runs', async () => {
      const idempotency = service({ waitMs: 100 });
      const key = randomUUID();
      await expect(idempotency.run({ ...request, key }, async () => Promise.reject(new Error('boom')))).rejects.toThrow(
        'boom',
      );
      const limited = await idempotency.run({ ...request, key }, async () => ({
        code: ErrorCode.TOO_MANY_REQUESTS,
        msg: 'slow down',
        data: null,
      }));
      expect(limited.isReplayed).toBe(false);
      const retried = await idempotency.run({ ...request, key }, async () => ({ code: 200, msg: 'ok', data: null }));
      expect(retried).toEqual({ envelope: { code: 200, msg: 'ok', data: null }, isReplayed: false });
    });
  });
});
