import { ErrorCode } from '@parlour/contract/errors';
import { merchantLogin } from '@parlour/contract/calls/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';

describe('accounts: failures from one address across accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOGIN_IP_CAPTCHA_THRESHOLD: '3' } });
  });
  afterAll(() => t.close());

  it('asks every login from an address for a captcha once it failed on many accounts, and no one else', async () => {
    const merchant = await registerMerchant(t);
    const stuffer = { ip: '203.0.113.9' };
    const answers = [];
    for (const account of ['a.stuff@example.com', 'b.stuff@example.com', 'c.stuff@example.com']) {
      answers.push(await t.callRaw<{ captcha_required: boolean }>(merchantLogin, { account, password: 'Guess#123' }, undefined, stuffer));
    }
    expect(answers.map((answer) => answer.code)).toEqual([ErrorCode.LOGIN_FAILED, ErrorCode.LOGIN_FAILED, ErrorCode.LOGIN_FAILED]);
    expect(answers.map((answer) => (answer.data as { captcha_required: boolean }).captcha_required)).toEqual([false, false, true]);

    // The merchant's own account has no failures, but this address must now solve a captcha.
    const fromStuffer = await t.call(merchantLogin, { account: merchant.email, password: merchant.password }, undefined, stuffer);
    expect(fromStuffer.code).toBe(ErrorCode.CAPTCHA_REQUIRED);

    const fromElsewhere = await t.call(merchantLogin, { account: merchant.email, password: merchant.password }, undefined, { ip: '198.51.100.4' });
    expect(fromElsewhere.code).toBe(200);
  });
});
