import { merchantCaptcha } from '@parlour/contract/calls/account';
import { addMessage } from '@parlour/contract/calls/prospect';
import { callUrl } from '@parlour/contract/call';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentRepository } from '../src/modules/money/payment/payment.repository';
import { createPaymentService } from '../src/modules/money/payment/payment.service';
import { buildTestApp, type TestApp } from './helper';
import { sandboxPayments, unpaidRenewal } from './payment-helper';
import { getShop } from './shop-helper';

async function countRows(t: TestApp, table: string, where = 'true') {
  const result = await t.database.db.execute<{ count: number }>(
    sql.raw(`select count(*)::int as count from ${table} where ${where}`),
  );
  return Number(result.rows[0].count);
}

describe('unauthenticated endpoints: security', () => {
  let t: TestApp;
  /** A second API process on the same database with the real budgets, scaled down so a test reaches them quickly (notifications 30 a minute, captchas 3). */
  let limited: TestApp;
  let pay: ReturnType<typeof sandboxPayments>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    limited = await buildTestApp({ database: t.database, clock: t.clock, env: { IP_RATE_LIMIT_SCALE: '0.1' } });
    pay = sandboxPayments(t);
  });
  afterAll(async () => {
    await limited.close();
    await t.close();
  });

  /** From a documentation address of its own unless told (each test spends its own budget). */
  const notify = (body: unknown, ip = '198.51.100.1', app: TestApp = t) => pay.notify(body, { ip, app });

  describe('[PAYMENT NOTIFY]', () => {
    it('refuses an 800 KB body while reading it and stores nothing of it', async () => {
      const before = await countRows(t, 'payment_notifications');
      const answer = await notify({ bill_no: 'B1', junk: 'x'.repeat(800 * 1024) }, '198.51.100.2');
      expect(JSON.parse(answer.body)).toMatchObject({ code: 10002 });
      expect(await countRows(t, 'payment_notifications')).toBe(before);
    });

    it('stores a bounded digest of a refused notification, not the payload', async () => {
      const junk = 'y'.repeat(12 * 1024);
      expect(await notify({ bill_no: `B${'9'.repeat(500)}`, junk }, '198.51.100.3')).toEqual({
        status: 400,
        body: 'fail',
      });
      const result = await t.database.db.execute<{
        bill_no: string;
        payload: { bytes: number; sha256: string; head: string };
        size: number;
      }>(
        sql`select bill_no, payload, pg_column_size(payload) as size from payment_notifications order by id desc limit 1`,
      );
      const row = result.rows[0];
      expect(row.payload.bytes).toBeGreaterThan(12 * 1024);
      expect(row.payload.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(row.payload.head.length).toBeLessThanOrEqual(256);
      expect(Number(row.size)).toBeLessThan(1024);
      expect(row.bill_no.length).toBeLessThanOrEqual(64);
    });

    it("answers the rate-limit code once one address has spent its budget, in the caller's language", async () => {
      const limit = 30;
      for (let index = 0; index < limit; index += 1)
        expect((await notify({ bill_no: `R${index}` }, '198.51.100.4', limited)).body).toBe('fail');
      const rowsBefore = await countRows(t, 'payment_notifications');
      const refused = JSON.parse(
        (await notify({ bill_no: 'R-over', lang_code: 'en-US' }, '198.51.100.4', limited)).body,
      ) as { code: number; msg: string; data: { retry_after: number } };
      expect(refused).toMatchObject({ code: 10029, msg: 'Too many requests, please try again later' });
      expect(refused.data.retry_after).toBeGreaterThan(0);
      const chinese = JSON.parse((await notify({ bill_no: 'R-over' }, '198.51.100.4', limited)).body) as {
        code: number;
        msg: string;
      };
      expect(chinese).toMatchObject({ code: 10029, msg: '操作过于频繁，请稍后再试' });
      expect(await countRows(t, 'payment_notifications')).toBe(rowsBefore);
      // Another address, and the same one in the next window, are served.
      expect((await notify({ bill_no: 'R-other' }, '198.51.100.5', limited)).body).toBe('fail');
      t.clock.advance(60);
      expect((await notify({ bill_no: 'R-later' }, '198.51.100.4', limited)).body).toBe('fail');
    });

    it('refuses a correctly signed notification dated 2001 and changes nothing', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal(t);
      const old = await pay.paidNotification(renewal.bill, { signedAt: new Date('2001-09-09T01:46:40Z') });
      expect(await notify(old)).toEqual({ status: 400, body: 'fail' });
      const late = await pay.paidNotification(renewal.bill, {
        signedAt: new Date(t.clock.now().getTime() - 6 * 60 * 1000),
      });
      expect(await notify(late)).toEqual({ status: 400, body: 'fail' });
      const after = await getShop(t, token, shopId);
      expect(after.expires_at).toBe(before.expires_at);
      expect(after.unpaid_bill_no).toBe(renewal.bill.bill_no);
      expect(
        await countRows(t, 'payment_notifications', `bill_no = '${renewal.bill.bill_no}' and result = 'stale'`),
      ).toBe(2);
      // Signed four minutes ago: inside the window, it pays.
      expect(
        await notify(
          await pay.paidNotification(renewal.bill, { signedAt: new Date(t.clock.now().getTime() - 4 * 60 * 1000) }),
        ),
      ).toEqual({ status: 200, body: 'success' });
    });

    it('refuses a notification whose nonce was used, even for another bill; the provider redelivering the same payment is only acknowledged', async () => {
      const first = await unpaidRenewal(t);
      const second = await unpaidRenewal(t);
      const paid = await pay.paidNotification(first.renewal.bill);
      expect(await notify(paid)).toEqual({ status: 200, body: 'success' });
      // The same payment delivered again (our answer was lost): acknowledged, nothing changes.
      expect(await notify(paid)).toEqual({ status: 200, body: 'success' });
      expect(
        await countRows(
          t,
          'payment_notifications',
          `bill_no = '${first.renewal.bill.bill_no}' and result = 'duplicate'`,
        ),
      ).toBe(1);
      // The second bill's notification signed with the first one's nonce (the signer is ours: the sandbox key).
      const reused = await pay.paidNotification(second.renewal.bill);
      const key = await t.app.services.settings.getSigningKey('sandbox-payment');
      const { sign } = await import('../src/lib/signing');
      const fields = { ...reused, nonce: paid.nonce };
      const canonical = ['bill_no', 'trade_no', 'amount', 'currency', 'pay_method', 'outcome', 'timestamp', 'nonce']
        .map((name) => `${name}=${fields[name as keyof typeof fields]}`)
        .join('&');
      expect(await notify({ ...fields, sign: sign(key, canonical) })).toEqual({ status: 400, body: 'fail' });
      expect((await getShop(t, second.token, second.shopId)).unpaid_bill_no).toBe(second.renewal.bill.bill_no);
      expect(await countRows(t, 'payment_notifications', `result = 'replayed'`)).toBeGreaterThanOrEqual(1);
    });

    it('writes the bill payment and its notification record in one transaction', async () => {
      const { renewal, token, shopId, before } = await unpaidRenewal(t);
      const paymentRepository = createPaymentRepository(t.database.db);
      // The record's insert fails after the bill was marked paid (a crash at that instant).
      const failingRecords = {
        ...paymentRepository,
        recordNotification: async (
          values: Parameters<typeof paymentRepository.recordNotification>[0],
          tx?: Parameters<typeof paymentRepository.recordNotification>[1],
        ) => {
          if (values.result === 'fulfilled') throw new Error('crash after the bill update');
          return paymentRepository.recordNotification(values, tx);
        },
      };
      const payments = createPaymentService({
        db: t.database.db,
        repository: failingRecords,
        billService: t.app.services.bills,
        providers: t.app.services.paymentProviders,
        cashierLinks: t.app.services.cashierLinks,
        clock: t.clock,
        publicOrigin: async () => 'http://127.0.0.1',
      });
      const raw = {
        rawBody: JSON.stringify(await pay.paidNotification(renewal.bill)),
        headers: { 'content-type': 'application/json' },
      };
      await expect(payments.handleNotification('sandbox', raw)).rejects.toThrow('crash after the bill update');
      const after = await getShop(t, token, shopId);
      expect(after.expires_at).toBe(before.expires_at);
      expect(after.unpaid_bill_no).toBe(renewal.bill.bill_no);
      expect(await countRows(t, 'payment_notifications', `bill_no = '${renewal.bill.bill_no}'`)).toBe(0);
      // The provider's retry (a new delivery) pays it, with its record.
      expect(await notify(await pay.paidNotification(renewal.bill))).toEqual({ status: 200, body: 'success' });
      expect(
        await countRows(t, 'payment_notifications', `bill_no = '${renewal.bill.bill_no}' and result = 'fulfilled'`),
      ).toBe(1);
      expect(await countRows(t, 'bills', `bill_no = '${renewal.bill.bill_no}' and status = 'paid'`)).toBe(1);
    });
  });

  describe('[CAPTCHA]', () => {
    it('300 parallel image requests store no captcha row and only the budget is served', async () => {
      const ip = '203.0.113.30';
      const captchasBefore = await countRows(t, 'captchas');
      const answers = await Promise.all(
        Array.from({ length: 300 }, () => limited.call(merchantCaptcha, {}, undefined, { ip })),
      );
      expect(answers.filter((answer) => answer.code === 200)).toHaveLength(
        limited.app.services.ipRateLimit.limitOf('captcha'),
      );
      expect(answers.filter((answer) => answer.code === 10029)).toHaveLength(
        300 - limited.app.services.ipRateLimit.limitOf('captcha'),
      );
      expect(await countRows(t, 'captchas')).toBe(captchasBefore);
      // The flood is one counter row.
      expect(await countRows(t, 'ip_rate_limits', `ip = '${ip}'`)).toBe(1);
    });

    it('counts an IPv6 caller by its /64', async () => {
      const answers = [];
      for (let index = 1; index <= 4; index += 1)
        answers.push(await limited.call(merchantCaptcha, {}, undefined, { ip: `2001:db8:1:2::${index}` }));
      expect(answers.map((answer) => answer.code)).toEqual([200, 200, 200, 10029]);
    });
  });

  describe('[RATE LIMITS]', () => {
    it('one budget for every API process on the database', async () => {
      const second = await buildTestApp({ database: t.database, clock: t.clock, env: { IP_RATE_LIMIT_SCALE: '0.1' } });
      try {
        const ip = '203.0.113.40';
        // The captcha budget (30 a minute, scaled to 3) spent alternately through two processes.
        const answers = [];
        for (let index = 0; index < 6; index += 1)
          answers.push(await (index % 2 ? second : limited).call(merchantCaptcha, {}, undefined, { ip }));
        expect(answers.map((answer) => answer.code)).toEqual([200, 200, 200, 10029, 10029, 10029]);
      } finally {
        await second.close();
      }
    });

    it('refuses a message-form body far larger than the form allows, before parsing it', async () => {
      const rowsBefore = await countRows(t, 'prospects');
      const response = await t.app.inject({
        method: 'POST',
        url: callUrl(addMessage),
        payload: { content: 'z'.repeat(64 * 1024) },
        remoteAddress: '203.0.113.41',
      });
      expect(response.json()).toMatchObject({ code: 10002 });
      expect(await countRows(t, 'prospects')).toBe(rowsBefore);
    });
  });
});
