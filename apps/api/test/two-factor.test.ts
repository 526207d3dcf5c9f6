import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin } from '@parlour/contract/calls/account';
import {
  adminLoginTwoFactor,
  adminTwoFactorDisable,
  adminTwoFactorEnable,
  adminTwoFactorSetup,
  adminTwoFactorStatus,
  TWO_FACTOR_CHALLENGE_SECONDS,
  type TTwoFactorChallenge,
} from '@parlour/contract/calls/account-security';
import { adminConfigList, adminSetConfig } from '@parlour/contract/calls/settings';
import { adminListShops } from '@parlour/contract/calls/store';
import { ErrorCode } from '@parlour/contract/errors';
import { buildTestApp, type TestApp } from './helper';
import { expectOk } from './shop-helper';

const PASSWORD = 'Admin@2026';

/** Operators' two-factor sign-in (docs/SECURITY.md, Accounts) with a TOTP authenticator app. */
describe('Operator two-factor sign-in', () => {
  let t: TestApp;
  let counter = 0;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A new operator account, signed in with its password. */
  async function newOperator() {
    counter += 1;
    const account = `operator${counter}`;
    await t.app.services.accounts.ensureAdmin(account, PASSWORD);
    const token = (await expectOk(t.call(adminLogin, { account, password: PASSWORD }))).userinfo.token;
    return { account, token };
  }

  /** The code the authenticator app shows at the test clock's time (plus `offsetSeconds`). */
  function codeOf(secret: string, offsetSeconds = 0) {
    return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });
  }

  /** An operator with two-factor sign-in on: its secret and recovery codes. */
  async function enrolledOperator() {
    const operator = await newOperator();
    const setup = await expectOk(t.call(adminTwoFactorSetup, {}, operator.token));
    const { recovery_codes: recoveryCodes } = await expectOk(
      t.call(adminTwoFactorEnable, { code: await codeOf(setup.secret) }, operator.token),
    );
    // The next code is of a later step: the enrolment's code is used.
    t.clock.advance(30);
    return { ...operator, secret: setup.secret, recoveryCodes };
  }

  /** The password step: answers the challenge of TWO_FACTOR_REQUIRED. */
  async function passwordStep(account: string) {
    const answer = await t.callRaw<TTwoFactorChallenge>(adminLogin, { account, password: PASSWORD });
    expect(answer.code).toBe(ErrorCode.TWO_FACTOR_REQUIRED);
    expect(answer.data.expires_in).toBe(TWO_FACTOR_CHALLENGE_SECONDS);
    return answer.data.challenge_id;
  }

  it('enrols with a QR code secret confirmed by a code; the secret is sealed and the recovery codes hashed', async () => {
    const operator = await newOperator();
    expect(await expectOk(t.call(adminTwoFactorStatus, {}, operator.token))).toEqual({
      is_enabled: false,
      is_required: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    const setup = await expectOk(t.call(adminTwoFactorSetup, {}, operator.token));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_uri).toBe(`otpauth://totp/Parlour:${operator.account}?secret=${setup.secret}&issuer=Parlour`);
    // Not on until confirmed: the password alone still signs in.
    expect((await t.call(adminLogin, { account: operator.account, password: PASSWORD })).code).toBe(200);
    expect((await t.call(adminTwoFactorEnable, { code: '000000' }, operator.token)).code).toBe(
      ErrorCode.TWO_FACTOR_CODE_INVALID,
    );
    expect((await t.callRaw(adminTwoFactorEnable, { code: '12ab' }, operator.token)).code).toBe(
      ErrorCode.VALIDATION_FAILED,
    );
    const { recovery_codes: codes } = await expectOk(
      t.call(adminTwoFactorEnable, { code: await codeOf(setup.secret) }, operator.token),
    );
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    const status = await expectOk(t.call(adminTwoFactorStatus, {}, operator.token));
    expect(status).toMatchObject({ is_enabled: true, recovery_codes_left: 10 });

    const { rows } = await t.database.executeSql(
      'select secret_sealed from admin_two_factor where enabled_at is not null order by created_at desc limit 1',
    );
    const sealed = String((rows[0] as { secret_sealed: string }).secret_sealed);
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(sealed).not.toContain(setup.secret);
    const { rows: hashes } = await t.database.executeSql('select code_hash from admin_recovery_codes');
    const stored = (hashes as Array<{ code_hash: string }>).map((row) => row.code_hash).join(' ');
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    expect(stored).toContain('$argon2id$');
    // Setting up again while it is on is refused: it must be turned off first.
    expect((await t.call(adminTwoFactorSetup, {}, operator.token)).code).toBe(ErrorCode.TWO_FACTOR_STATE_INVALID);
  });

  it('signs in with the password, then a code from the app; a code is accepted once', async () => {
    const operator = await enrolledOperator();
    const challenge = await passwordStep(operator.account);
    expect((await t.call(adminLoginTwoFactor, { challenge_id: challenge, code: '000000' })).code).toBe(
      ErrorCode.TWO_FACTOR_CODE_INVALID,
    );
    const code = await codeOf(operator.secret);
    const signedIn = await expectOk(t.call(adminLoginTwoFactor, { challenge_id: challenge, code }));
    expect(signedIn.userinfo.account).toBe(operator.account);
    expect((await t.call(adminListShops, {}, signedIn.userinfo.token)).code).toBe(200);
    // The challenge is used up, and the code too (a second sign-in in the same 30 seconds needs the next code).
    expect((await t.call(adminLoginTwoFactor, { challenge_id: challenge, code })).code).toBe(
      ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED,
    );
    const again = await passwordStep(operator.account);
    expect((await t.call(adminLoginTwoFactor, { challenge_id: again, code })).code).toBe(
      ErrorCode.TWO_FACTOR_CODE_INVALID,
    );
    t.clock.advance(60);
    // A phone a step behind is accepted (clock drift).
    expect(
      (await t.call(adminLoginTwoFactor, { challenge_id: again, code: await codeOf(operator.secret, -30) })).code,
    ).toBe(200);
  });

  it('signs in with a recovery code, each usable once', async () => {
    const operator = await enrolledOperator();
    const [first, second] = operator.recoveryCodes;
    expect(
      (
        await t.call(adminLoginTwoFactor, {
          challenge_id: await passwordStep(operator.account),
          code: first.toUpperCase(),
        })
      ).code,
    ).toBe(200);
    expect(
      (await t.call(adminLoginTwoFactor, { challenge_id: await passwordStep(operator.account), code: first })).code,
    ).toBe(ErrorCode.TWO_FACTOR_CODE_INVALID);
    expect(
      (
        await t.call(adminLoginTwoFactor, {
          challenge_id: await passwordStep(operator.account),
          code: second.replace('-', ''),
        })
      ).code,
    ).toBe(200);
    const signedIn = await expectOk(
      t.call(adminLoginTwoFactor, {
        challenge_id: await passwordStep(operator.account),
        code: await codeOf(operator.secret),
      }),
    );
    expect((await expectOk(t.call(adminTwoFactorStatus, {}, signedIn.userinfo.token))).recovery_codes_left).toBe(8);
  });

  it('voids a challenge after 5 wrong codes or 5 minutes, and limits wrong codes per operator', async () => {
    const operator = await enrolledOperator();
    const challenge = await passwordStep(operator.account);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await t.call(adminLoginTwoFactor, { challenge_id: challenge, code: '000000' })).code).toBe(
        ErrorCode.TWO_FACTOR_CODE_INVALID,
      );
    }
    expect(
      (await t.call(adminLoginTwoFactor, { challenge_id: challenge, code: await codeOf(operator.secret) })).code,
    ).toBe(ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED);

    const late = await passwordStep(operator.account);
    t.clock.advance(TWO_FACTOR_CHALLENGE_SECONDS + 1);
    expect((await t.call(adminLoginTwoFactor, { challenge_id: late, code: await codeOf(operator.secret) })).code).toBe(
      ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED,
    );

    // 5 wrong codes above, 5 more on a new challenge: the 11th is refused before it is checked, the right code too.
    const next = await passwordStep(operator.account);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await t.call(adminLoginTwoFactor, { challenge_id: next, code: '000000' })).code).toBe(
        ErrorCode.TWO_FACTOR_CODE_INVALID,
      );
    }
    const third = await passwordStep(operator.account);
    expect((await t.call(adminLoginTwoFactor, { challenge_id: third, code: '000000' })).code).toBe(
      ErrorCode.TWO_FACTOR_CODE_INVALID,
    );
    const limited = await t.callRaw<{ retry_after: number }>(adminLoginTwoFactor, {
      challenge_id: third,
      code: await codeOf(operator.secret),
    });
    expect(limited.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(limited.data.retry_after).toBeGreaterThan(0);
    // Once the window has passed, the right code signs in.
    t.clock.advance(60 * 60);
    expect(
      (
        await t.call(adminLoginTwoFactor, {
          challenge_id: await passwordStep(operator.account),
          code: await codeOf(operator.secret),
        })
      ).code,
    ).toBe(200);
  });

  it('turns off with a code; then the password alone signs in', async () => {
    const operator = await enrolledOperator();
    expect((await t.call(adminTwoFactorDisable, { code: '000000' }, operator.token)).code).toBe(
      ErrorCode.TWO_FACTOR_CODE_INVALID,
    );
    await expectOk(t.call(adminTwoFactorDisable, { code: await codeOf(operator.secret) }, operator.token));
    expect((await t.call(adminLogin, { account: operator.account, password: PASSWORD })).code).toBe(200);
    expect((await t.call(adminTwoFactorDisable, { code: '000000' }, operator.token)).code).toBe(
      ErrorCode.TWO_FACTOR_STATE_INVALID,
    );
    expect(
      await t.database.executeSql(
        'select count(*)::int as n from admin_recovery_codes r join admins a on a.id = r.admin_id where a.account = $1',
        [operator.account],
      ),
    ).toMatchObject({ rows: [{ n: 0 }] });
  });

  it('the platform rule sends an operator without two-factor sign-in to enrolment: nothing else until it is on', async () => {
    const setter = await enrolledOperator();
    const platform = (await expectOk(t.call(adminConfigList, {}, setter.token))).platform;
    expect(platform.require_admin_two_factor).toBe(false);
    await expectOk(
      t.call(
        adminSetConfig,
        { group: 'platform', values: { ...platform, require_admin_two_factor: true } },
        setter.token,
      ),
    );
    expect((await expectOk(t.call(adminConfigList, {}, setter.token))).platform.require_admin_two_factor).toBe(true);

    const operator = await newOperator();
    expect((await t.call(adminListShops, {}, operator.token)).code).toBe(ErrorCode.TWO_FACTOR_ENROLMENT_REQUIRED);
    expect((await t.call(adminConfigList, {}, operator.token)).code).toBe(ErrorCode.TWO_FACTOR_ENROLMENT_REQUIRED);
    expect(await expectOk(t.call(adminTwoFactorStatus, {}, operator.token))).toMatchObject({
      is_enabled: false,
      is_required: true,
    });
    const setup = await expectOk(t.call(adminTwoFactorSetup, {}, operator.token));
    await expectOk(t.call(adminTwoFactorEnable, { code: await codeOf(setup.secret) }, operator.token));
    expect((await t.call(adminListShops, {}, operator.token)).code).toBe(200);
    // An operator who had it on is not held up.
    expect((await t.call(adminListShops, {}, setter.token)).code).toBe(200);

    await expectOk(
      t.call(
        adminSetConfig,
        { group: 'platform', values: { ...platform, require_admin_two_factor: false } },
        setter.token,
      ),
    );
    const other = await newOperator();
    expect((await t.call(adminListShops, {}, other.token)).code).toBe(200);
  });
});
