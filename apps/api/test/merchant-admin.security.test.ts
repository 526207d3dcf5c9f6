import { adminOverview } from '@parlour/contract/calls/dashboard';
import {
  adminAddMerchant,
  adminEditMerchant,
  adminListMerchants,
  adminMerchantRegisterTrend,
  adminMerchantTypeDistribution,
} from '@parlour/contract/calls/merchant-admin';
import { merchantListShops } from '@parlour/contract/calls/store';
import { merchantLogin } from '@parlour/contract/calls/account';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../src/db/schema/index';
import { buildTestApp, GOOD_PASSWORD, registerMerchant, type TestApp } from './helper';
import { addMerchant, listMerchants } from './merchant-admin-helper';
import { expectOk, signInAdmin } from './shop-helper';

describe('merchants (operator): security', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it('a merchant token is refused on every merchant-management and dashboard call; no token signs out', async () => {
    const merchant = await registerMerchant(t);
    for (const path of [
      adminListMerchants,
      adminAddMerchant,
      adminEditMerchant,
      adminMerchantRegisterTrend,
      adminMerchantTypeDistribution,
      adminOverview,
    ]) {
      expect((await t.callRaw(path, {}, merchant.token)).code, path.path).toBe(10003);
      expect((await t.callRaw(path, {})).code, path.path).toBe(10000);
      expect((await t.callRaw(path, {}, 'forged-token')).code, path.path).toBe(10000);
    }
  });

  it('a merchant cannot add merchants or disable another merchant, even with a valid body', async () => {
    const a = await registerMerchant(t);
    const b = await registerMerchant(t);
    expect((await t.call(adminEditMerchant, { id: b.id, status: 'disabled' }, a.token)).code).toBe(10003);
    expect(
      (await t.call(adminAddMerchant, { email: 'sneaky@example.com', password: GOOD_PASSWORD }, a.token)).code,
    ).toBe(10003);
    expect((await t.call(merchantListShops, {}, b.token)).code).toBe(200);
    expect((await listMerchants(t, adminToken, { keyword: 'sneaky@example.com' })).total).toBe(0);
  });

  it("disabling one merchant ends only that merchant's sessions", async () => {
    const a = await registerMerchant(t);
    const b = await registerMerchant(t);
    await expectOk(t.call(adminEditMerchant, { id: a.id, status: 'disabled' }, adminToken));
    expect((await t.call(merchantListShops, {}, a.token)).code).toBe(10000);
    expect((await t.call(merchantListShops, {}, b.token)).code).toBe(200);
    expect((await t.call(adminListMerchants, {}, adminToken)).code).toBe(200);
  });

  it('passwords of added merchants are stored as Argon2id hashes and never answered', async () => {
    const added = await addMerchant(t, adminToken);
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, added.id));
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(GOOD_PASSWORD);
    const answer = await t.callRaw(adminListMerchants, { keyword: added.email }, adminToken);
    expect(JSON.stringify(answer)).not.toMatch(/password|argon2/);
  });

  it('a keyword is a literal text, not a pattern or SQL', async () => {
    await addMerchant(t, adminToken);
    for (const keyword of ['%', '_', "' or 1=1 --"]) {
      expect((await listMerchants(t, adminToken, { keyword })).total, keyword).toBe(0);
    }
  });

  it('disabling does not reveal the account to a login with a wrong password', async () => {
    const merchant = await registerMerchant(t);
    await expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'disabled' }, adminToken));
    expect((await t.call(merchantLogin, { account: merchant.email, password: 'Wrong#Pass1' })).code).toBe(11001);
  });
  it('a login racing a disable never leaves a working session, whatever the interleaving', async () => {
    for (let round = 0; round < 3; round += 1) {
      const merchant = await registerMerchant(t);
      // The login reads the status before its (slow) password check; the disable lands in between.
      const [login] = await Promise.all([
        t.call(merchantLogin, { account: merchant.email, password: GOOD_PASSWORD }),
        expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'disabled' }, adminToken)),
      ]);
      if (login.code === 200) expect((await t.call(merchantListShops, {}, login.data.userinfo.token)).code).toBe(10000);
      else expect(login.code).toBe(11002);
      expect((await t.call(merchantListShops, {}, merchant.token)).code).toBe(10000);
    }
  });

  it('a session created after the disable is refused, and stays dead when the merchant is enabled again', async () => {
    const merchant = await registerMerchant(t);
    await expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'disabled' }, adminToken));
    // The worst interleaving: the session row is written after the disable revoked all sessions.
    const late = await t.app.services.sessions.createSession({ role: 'merchant', userId: merchant.id });
    expect((await t.call(merchantListShops, {}, late.token)).code).toBe(10000);
    await expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'active' }, adminToken));
    expect((await t.call(merchantListShops, {}, late.token)).code).toBe(10000);
    const login = await t.call(merchantLogin, { account: merchant.email, password: GOOD_PASSWORD });
    expect(login.code).toBe(200);
    expect((await t.call(merchantListShops, {}, login.data.userinfo.token)).code).toBe(200);
  });
});
