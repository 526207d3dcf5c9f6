import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@parlour/contract/errors';
import type { MailProvider } from '../src/providers/mail/mail-provider';
import { buildTestApp, PATHS, uniqueEmail, type TestApp } from './helper';

describe('verification codes: delivery failures', () => {
  let t: TestApp;
  let isMailDown = true;
  const delivered: string[] = [];
  const flakyMail: MailProvider = {
    kind: 'smtp',
    async send(message) {
      if (isMailDown) throw new Error('SMTP connection refused');
      delivered.push(message.to);
    },
  };

  beforeAll(async () => {
    t = await buildTestApp({ mail: flakyMail });
  });
  afterAll(() => t.close());

  it('answers a server error when the mail cannot be sent, and lets the user retry at once', async () => {
    const email = uniqueEmail();
    const failed = await t.call(PATHS.emailCode, { email, event: 'register', lang_code: 'en-US' });
    expect(failed.code).toBe(ErrorCode.SERVER_ERROR);
    expect(failed.msg).not.toMatch(/SMTP/);

    isMailDown = false;
    const retried = await t.call(PATHS.emailCode, { email, event: 'register' });
    expect(retried.code).toBe(200);
    expect(delivered).toEqual([email]);
  });
});
