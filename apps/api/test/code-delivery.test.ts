import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@parlour/contract/errors';
import { merchantRegister, sendEmailCode, sendMobileCode } from '@parlour/contract/calls/account';
import { DELIVER_CODE_QUEUE } from '../src/modules/accounts/account/verification-code.service';
import type { MailProvider } from '../src/providers/mail/mail-provider';
import { buildTestApp, GOOD_PASSWORD, registerMerchant, uniqueEmail, uniqueMobile, type TestApp } from './helper';

describe('verification codes: delivery failures and throttle keys', () => {
  let t: TestApp;
  let isMailDown = true;
  const delivered: string[] = [];
  const flakyMail: MailProvider = {
    kind: 'smtp',
    async send(message) {
      if (isMailDown) throw new Error('SMTP connection refused');
      delivered.push(message.to);
      // Kept where the helper's registerMerchant reads codes from.
      t.mail.sent.push(message);
      return 'sent';
    },
  };

  beforeAll(async () => {
    t = await buildTestApp({ mail: flakyMail });
  });
  afterAll(() => t.close());

  it('a delivery that fails fails its job (not the request) and drops the code, so the user can retry at once', async () => {
    const email = uniqueEmail();
    const failedBefore = t.failedJobs.length;
    const sent = await t.call(sendEmailCode, { email, event: 'register', lang_code: 'en-US' });
    expect(sent.code).toBe(200);
    expect(t.failedJobs.length).toBe(failedBefore + 1);
    expect(String(t.failedJobs.at(-1)?.error)).toMatch(/SMTP connection refused/);

    isMailDown = false;
    const retried = await t.call(sendEmailCode, { email, event: 'register' });
    expect(retried.code).toBe(200);
    expect(delivered).toContain(email);
  });

  it('throttles per target and purpose: a sign-up code does not hold back a password reset', async () => {
    isMailDown = false;
    const merchant = await registerMerchant(t);
    const again = await t.call(sendEmailCode, { email: merchant.email, event: 'forgot' });
    expect(again.code).toBe(200);
    const twice = await t.call(sendEmailCode, { email: merchant.email, event: 'forgot' });
    expect(twice.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });
});

describe('verification codes: without a mail or SMS provider', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    // No SMTP_URL, no SMTP settings, no SMS settings: the log providers, whose lines are kept here.
    const stream = { write: (line: string) => lines.push(line) };
    t = await buildTestApp({
      recordMail: false,
      sms: undefined,
      deliverCodesInline: false,
      logger: { level: 'info', stream },
    });
  });
  afterAll(() => t.close());

  it('the job says the code was logged, not sent, for a mail, an SMS and an "account exists" mail', async () => {
    const merchant = await registerMerchantThroughLog(t, lines);
    // Past the resend wait of the merchant's own sign-up code.
    t.clock.advance(120);
    const email = uniqueEmail('logged');
    const mobile = uniqueMobile();
    const queuedBefore = t.queued.length;
    expect((await t.call(sendEmailCode, { email, event: 'register' })).code).toBe(200);
    expect((await t.call(sendMobileCode, { mobile, event: 'register' })).code).toBe(200);
    expect((await t.call(sendEmailCode, { email: merchant, event: 'register' })).code).toBe(200);
    const deliver = t.app.jobs.find((job) => job.queue === DELIVER_CODE_QUEUE)!;
    const results = [];
    for (const job of t.queued.slice(queuedBefore)) results.push(await deliver.run(job.data));
    expect(results).toEqual([
      { delivery: 'logged, not sent' },
      { delivery: 'logged, not sent' },
      { delivery: 'account_exists: logged, not sent' },
    ]);
    expect(lines.join('')).toContain(`mail to ${email} (not sent: no SMTP configured)`);
    expect(lines.join('')).toContain(`for ${mobile} (register; not sent: no SMS provider configured)`);
  });
});

/** Registers a merchant with the code read from the log line of its mail; answers the email. */
async function registerMerchantThroughLog(t: TestApp, lines: string[]) {
  const email = uniqueEmail('merchant');
  const queuedBefore = t.queued.length;
  expect((await t.call(sendEmailCode, { email, event: 'register' })).code).toBe(200);
  const deliver = t.app.jobs.find((job) => job.queue === DELIVER_CODE_QUEUE)!;
  for (const job of t.queued.slice(queuedBefore)) await deliver.run(job.data);
  const message = lines
    .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg ?? ''))
    .find((msg) => msg.startsWith(`mail to ${email}`));
  const code = /验证码是 (\d{6})/.exec(message ?? '')?.[1];
  expect(code, 'the code in the log line').toBeDefined();
  expect(
    (
      await t.call(merchantRegister, {
        email,
        password: GOOD_PASSWORD,
        confirm_password: GOOD_PASSWORD,
        code: code!,
        agree: true,
      })
    ).code,
  ).toBe(200);
  return email;
}
