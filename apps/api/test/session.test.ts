import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, merchantLogin } from '@parlour/contract/calls/account';
import {
  adminEndOtherSessions,
  adminEndSession,
  adminListSessions,
  merchantEndOtherSessions,
  merchantEndSession,
  merchantListSessions,
} from '@parlour/contract/calls/account-security';
import { adminListShops, merchantListShops } from '@parlour/contract/calls/store';
import { ErrorCode } from '@parlour/contract/errors';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { expectOk, signInAdmin } from './shop-helper';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Sessions (docs/SECURITY.md, Accounts): a user sees its active sessions and can end one or all the others. */
describe('Sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  async function signInMerchant(account: { email: string; password: string }, userAgent: string, ip: string) {
    const answer = await expectOk(
      t.call(merchantLogin, { account: account.email, password: account.password }, undefined, {
        ip,
        headers: { 'user-agent': userAgent },
      }),
    );
    return answer.userinfo.token;
  }

  it('lists a merchant’s sessions with device, IP and times, the current one marked', async () => {
    const merchant = await registerMerchant(t);
    const phone = await signInMerchant(merchant, PHONE, '203.0.113.7');
    t.clock.advance(120);
    const desktop = await signInMerchant(merchant, DESKTOP, '198.51.100.4');
    const { list } = await expectOk(t.call(merchantListSessions, {}, desktop));
    expect(list).toHaveLength(3);
    const current = list.find((session) => session.is_current)!;
    expect(current).toMatchObject({
      device: { browser: 'Chrome 131', os: 'Windows', is_mobile: false },
      ip: '198.51.100.4',
      user_agent: DESKTOP,
    });
    expect(list.filter((session) => session.is_current)).toHaveLength(1);
    const other = list.find((session) => session.ip === '203.0.113.7')!;
    expect(other).toMatchObject({ device: { browser: 'Safari 17', os: 'iOS 17', is_mobile: true }, is_current: false });
    expect(Date.parse(other.created_at)).toBeLessThan(Date.parse(current.created_at));
    // The most recently used first.
    expect(list[0].id).toBe(current.id);
    expect(
      (await expectOk(t.call(merchantListSessions, {}, phone))).list.find((session) => session.is_current)!.id,
    ).toBe(other.id);
  });

  it('ends one session: its token is refused at once, the others keep working', async () => {
    const merchant = await registerMerchant(t);
    const phone = await signInMerchant(merchant, PHONE, '203.0.113.8');
    const desktop = await signInMerchant(merchant, DESKTOP, '198.51.100.5');
    const phoneId = (await expectOk(t.call(merchantListSessions, {}, phone))).list.find(
      (session) => session.is_current,
    )!.id;
    expect(await expectOk(t.call(merchantEndSession, { id: phoneId }, desktop))).toEqual({ ended: 1 });
    expect((await t.call(merchantListShops, {}, phone)).code).toBe(ErrorCode.TOKEN_EXPIRED);
    expect((await t.call(merchantListShops, {}, desktop)).code).toBe(200);
    expect((await t.call(merchantListShops, {}, merchant.token)).code).toBe(200);
    expect((await expectOk(t.call(merchantListSessions, {}, desktop))).list.map((session) => session.id)).not.toContain(
      phoneId,
    );
    // Ended already: not found.
    expect((await t.call(merchantEndSession, { id: phoneId }, desktop)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('ends every other session and keeps the caller’s', async () => {
    const merchant = await registerMerchant(t);
    const phone = await signInMerchant(merchant, PHONE, '203.0.113.9');
    const desktop = await signInMerchant(merchant, DESKTOP, '198.51.100.6');
    expect(await expectOk(t.call(merchantEndOtherSessions, {}, desktop))).toEqual({ ended: 2 });
    expect((await t.call(merchantListShops, {}, phone)).code).toBe(ErrorCode.TOKEN_EXPIRED);
    expect((await t.call(merchantListShops, {}, merchant.token)).code).toBe(ErrorCode.TOKEN_EXPIRED);
    expect((await t.call(merchantListShops, {}, desktop)).code).toBe(200);
    expect((await expectOk(t.call(merchantListSessions, {}, desktop))).list).toHaveLength(1);
    expect(await expectOk(t.call(merchantEndOtherSessions, {}, desktop))).toEqual({ ended: 0 });
  });

  it('a merchant can neither see nor end another merchant’s sessions, nor an operator’s', async () => {
    const a = await registerMerchant(t);
    const b = await registerMerchant(t);
    const admin = await signInAdmin(t);
    const idOfA = (await expectOk(t.call(merchantListSessions, {}, a.token))).list[0].id;
    const idOfAdmin = (await expectOk(t.call(adminListSessions, {}, admin))).list.find(
      (session) => session.is_current,
    )!.id;
    expect((await expectOk(t.call(merchantListSessions, {}, b.token))).list.map((session) => session.id)).not.toContain(
      idOfA,
    );
    expect((await t.call(merchantEndSession, { id: idOfA }, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(merchantEndSession, { id: idOfAdmin }, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(adminEndSession, { id: idOfA }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(merchantListShops, {}, a.token)).code).toBe(200);
    expect((await t.call(adminListShops, {}, admin)).code).toBe(200);
    // One role's token on the other's calls.
    expect((await t.call(adminListSessions, {}, a.token)).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('operators list and end their sessions the same way', async () => {
    await t.app.services.accounts.ensureAdmin('admin', 'Admin@2026');
    const first = (
      await expectOk(
        t.call(adminLogin, { account: 'admin', password: 'Admin@2026' }, undefined, {
          headers: { 'user-agent': PHONE },
        }),
      )
    ).userinfo.token;
    const second = (
      await expectOk(
        t.call(adminLogin, { account: 'admin', password: 'Admin@2026' }, undefined, {
          headers: { 'user-agent': DESKTOP },
        }),
      )
    ).userinfo.token;
    const firstId = (await expectOk(t.call(adminListSessions, {}, first))).list.find(
      (session) => session.is_current,
    )!.id;
    expect(await expectOk(t.call(adminEndSession, { id: firstId }, second))).toEqual({ ended: 1 });
    expect((await t.call(adminListShops, {}, first)).code).toBe(ErrorCode.TOKEN_EXPIRED);
    expect((await expectOk(t.call(adminEndOtherSessions, {}, second))).ended).toBeGreaterThanOrEqual(0);
    expect((await expectOk(t.call(adminListSessions, {}, second))).list).toEqual([
      expect.objectContaining({ is_current: true }),
    ]);
  });
});
