import { merchantForgotPassword, sendEmailCode, sendMobileCode } from '@parlour/contract/calls/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVER_CODE_QUEUE } from '../src/modules/accounts/account/verification-code.service';
import type { MailProvider } from '../src/providers/mail/mail-provider';
import type { SmsProvider } from '../src/providers/sms/sms-provider';
import {
  buildTestApp,
  GOOD_PASSWORD,
  registerMerchant,
  registerMobileMerchant,
  uniqueEmail,
  uniqueMobile,
  type TestApp,
} from './helper';

/** A provider as slow as a real SMTP server or SMS gateway: sending inside a request would show in its time. */
const DELIVERY_MS = 150;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Account enumeration (docs/SECURITY.md): register-code and forgot-password sends answer the same, in
 * comparable time, whether or not the account exists; nothing is mailed or texted inside the request,
 * a delivery job is queued.
 */
describe('accounts: enumeration', () => {
  let t: TestApp;
  /** The same database, delivering nothing inline: what the request itself does. */
  let queuedOnly: TestApp;
  const slowMail: MailProvider & { sent: string[] } = {
    kind: 'smtp',
    sent: [],
    async send(message) {
      await sleep(DELIVERY_MS);
      slowMail.sent.push(message.to);
      return 'sent';
    },
  };
  const slowSms: SmsProvider & { sent: string[] } = {
    kind: 'recording',
    sent: [],
    async sendCode(message) {
      await sleep(DELIVERY_MS);
      slowSms.sent.push(message.mobile);
      return 'sent';
    },
    async sendNotice() {
      return 'sent';
    },
  };

  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    queuedOnly = await buildTestApp({
      database: t.database,
      clock: t.clock,
      mail: slowMail,
      sms: slowSms,
      deliverCodesInline: false,
      env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' },
    });
  });
  afterAll(async () => {
    await queuedOnly.close();
    await t.close();
  });

  async function timed<T>(run: () => Promise<T>) {
    const started = performance.now();
    const answer = await run();
    return { answer, ms: performance.now() - started };
  }

  for (const event of ['register', 'forgot'] as const) {
    const codeByEmailTitle =
      `a ${event} code by email: the same answer and comparable time for an existing and a new address, a job ` +
      `queued, nothing mailed in the request`;
    it(codeByEmailTitle, async () => {
      const existing: string[] = [];
      for (let index = 0; index < 6; index += 1) existing.push((await registerMerchant(t)).email);
      const fresh = existing.map(() => uniqueEmail('nobody'));
      // Past the per-address resend wait of the codes that registered them.
      t.clock.advance(60);
      const times = { existing: [] as number[], fresh: [] as number[] };
      for (let index = 0; index < existing.length; index += 1) {
        for (const [kind, email] of [
          ['existing', existing[index]],
          ['fresh', fresh[index]],
        ] as const) {
          const queuedBefore = queuedOnly.queued.length;
          const mailedBefore = slowMail.sent.length;
          const { answer, ms } = await timed(() =>
            queuedOnly.call(sendEmailCode, { email, event, lang_code: 'en-US' }),
          );
          expect(answer).toEqual({ code: 200, msg: expect.any(String), data: { resend_after: 60 } });
          expect(queuedOnly.queued.slice(queuedBefore).map((job) => job.queue)).toEqual([DELIVER_CODE_QUEUE]);
          expect(slowMail.sent.length).toBe(mailedBefore);
          times[kind].push(ms);
        }
      }
      // Mailing inside the request would add 150 ms to one kind only.
      expect(Math.abs(median(times.existing) - median(times.fresh))).toBeLessThan(DELIVERY_MS / 2);
    });
  }

  it('the queued jobs send what each address should get: a code, a "you have an account" mail, or nothing', async () => {
    const existing = (await registerMerchant(t)).email;
    const fresh = uniqueEmail('newcomer');
    const unknown = uniqueEmail('unknown');
    t.clock.advance(60);
    const queuedBefore = queuedOnly.queued.length;
    for (const [email, event] of [
      [existing, 'register'],
      [fresh, 'register'],
      [existing, 'forgot'],
      [unknown, 'forgot'],
    ] as const) {
      expect((await queuedOnly.call(sendEmailCode, { email, event })).code).toBe(200);
    }
    const deliver = queuedOnly.app.jobs.find((job) => job.queue === DELIVER_CODE_QUEUE)!;
    const results = [];
    for (const job of queuedOnly.queued.slice(queuedBefore)) results.push(await deliver.run(job.data));
    expect(results).toEqual([
      { delivery: 'account_exists' },
      { delivery: 'sent' },
      { delivery: 'sent' },
      { delivery: 'no_account' },
    ]);
    expect(slowMail.sent.slice(-3)).toEqual([existing, fresh, existing]);
    // A job whose code is gone (used, expired or dropped after a failed delivery) sends nothing.
    expect(await deliver.run({ codeId: 0, sealedCode: 'x', lang: 'en-US' })).toEqual({ delivery: 'skipped' });
  });

  it('by SMS too: the same answer, a job queued, nothing texted in the request', async () => {
    const existing = await registerMobileMerchant(t);
    const fresh = uniqueMobile();
    t.clock.advance(60);
    for (const mobile of [existing.mobile, fresh]) {
      for (const event of ['register', 'forgot'] as const) {
        const queuedBefore = queuedOnly.queued.length;
        const answer = await queuedOnly.call(sendMobileCode, { mobile, event });
        expect(answer).toMatchObject({ code: 200, data: { resend_after: 60 } });
        expect(queuedOnly.queued.length).toBe(queuedBefore + 1);
      }
    }
    expect(slowSms.sent).toHaveLength(0);
  });

  it('a reset with a guessed code answers the same for an unknown address as for a known one', async () => {
    const known = (await registerMerchant(t)).email;
    const unknown = uniqueEmail('unknown');
    const body = (email: string) => ({
      email,
      code: '000000',
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
      lang_code: 'en-US',
    });
    const [forKnown, forUnknown] = [
      await t.callRaw(merchantForgotPassword, body(known)),
      await t.callRaw(merchantForgotPassword, body(unknown)),
    ];
    expect(forKnown).toEqual(forUnknown);
  });
});
