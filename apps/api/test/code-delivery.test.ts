import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@parlour/contract/errors';
import { sendEmailCode } from '@parlour/contract/calls/account';
import type { MailProvider } from '../src/providers/mail/mail-provider';
import { buildTestApp, registerMerchant, uniqueEmail, type TestApp } from './helper';

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
