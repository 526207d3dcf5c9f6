import { ErrorCode } from '@parlour/contract/errors';
import { adminLogin, merchantLogin, sendEmailCode } from '@parlour/contract/calls/account';
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
      answers.push(
        await t.callRaw<{ captcha_required: boolean }>(
          merchantLogin,
          { account, password: 'Guess#123' },
          undefined,
          stuffer,
        ),
      );
    }
    expect(answers.map((answer) => answer.code)).toEqual([
      ErrorCode.LOGIN_FAILED,
      ErrorCode.LOGIN_FAILED,
      ErrorCode.LOGIN_FAILED,
    ]);
    expect(answers.map((answer) => (answer.data as { captcha_required: boolean }).captcha_required)).toEqual([
      false,
      false,
      true,
    ]);

    // The merchant's own account has no failures, but this address must now solve a captcha.
    const fromStuffer = await t.call(
      merchantLogin,
      { account: merchant.email, password: merchant.password },
      undefined,
      stuffer,
    );
    expect(fromStuffer.code).toBe(ErrorCode.CAPTCHA_REQUIRED);

    const fromElsewhere = await t.call(
      merchantLogin,
      { account: merchant.email, password: merchant.password },
      undefined,
      { ip: '198.51.100.4' },
    );
    expect(fromElsewhere.code).toBe(200);
  });
});

/**
 * Guesses sent all at once from one address over many accounts (docs/SECURITY.md, Unauthenticated
 * endpoints): the per-IP counts must hold under concurrency, so at most the threshold's worth of
 * passwords is ever checked, and at most the hourly budget of codes is sent, however many requests
 * race.
 */
describe('per-IP budgets under parallel requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOGIN_IP_CAPTCHA_THRESHOLD: '20', CODE_SENDS_PER_IP_PER_HOUR: '20' } });
  });
  afterAll(() => t.close());

  const PARALLEL = 60;
  const codesOf = (answers: Array<{ code: number }>) => answers.map((answer) => answer.code);
  // A LOGIN_FAILED answer is the only one that checked a password; the others stopped at the captcha.
  const passwordsChecked = (answers: Array<{ code: number }>) =>
    codesOf(answers).filter((code) => code === ErrorCode.LOGIN_FAILED).length;

  it.each([
    ['merchant', merchantLogin, '203.0.113.60'],
    ['operator', adminLogin, '203.0.113.61'],
  ] as const)(
    'checks at most 20 %s passwords for 60 parallel guesses over distinct accounts from one address',
    async (_role, call, ip) => {
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) =>
          t.callRaw(call, { account: `stuffed.${index}@example.com`, password: 'Guess#123' }, undefined, { ip }),
        ),
      );
      expect(new Set(codesOf(answers))).toEqual(new Set([ErrorCode.LOGIN_FAILED, ErrorCode.CAPTCHA_REQUIRED]));
      expect(passwordsChecked(answers)).toBe(20);
    },
  );

  it('sends at most 20 codes for 60 parallel sends to distinct addresses from one address', async () => {
    const ip = '203.0.113.62';
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        t.callRaw(sendEmailCode, { email: `racer.${index}@example.com`, event: 'register' }, undefined, { ip }),
      ),
    );
    expect(codesOf(answers).filter((code) => code === 200)).toHaveLength(20);
    expect(
      codesOf(answers)
        .filter((code) => code !== 200)
        .every((code) => code === ErrorCode.TOO_MANY_REQUESTS),
    ).toBe(true);
  });
});
