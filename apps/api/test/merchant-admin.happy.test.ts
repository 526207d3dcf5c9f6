import { merchantLogin } from '@parlour/contract/calls/account';
import {
  adminEditMerchant,
  adminMerchantRegisterTrend,
  adminMerchantTypeDistribution,
} from '@parlour/contract/calls/merchant-admin';
import { adminAddShop, merchantListShops } from '@parlour/contract/calls/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  businessDay,
  GOOD_PASSWORD,
  registerMerchant,
  uniqueEmail,
  uniqueMobile,
  type TestApp,
} from './helper';
import { addMerchant, listMerchants, type TAdminMerchant } from './merchant-admin-helper';
import { expectOk, shopFields, signInAdmin } from './shop-helper';

const today = () => businessDay(new Date());

describe('merchants (operator): happy paths', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  describe('[ADD]', () => {
    it('adds a merchant by email who can then sign in with the password', async () => {
      const email = uniqueEmail('Shop.Owner');
      const added = await addMerchant(t, adminToken, {
        email: email.toUpperCase(),
        nickname: 'Owner Ltd',
        type: 'enterprise',
        remark: 'met at the fair',
      });
      expect(added).toMatchObject({
        account: email.toLowerCase(),
        email: email.toLowerCase(),
        mobile: null,
        nickname: 'Owner Ltd',
        type: 'enterprise',
        status: 'active',
        remark: 'met at the fair',
        store_count: 0,
        last_login_at: null,
      });
      const login = await t.call(merchantLogin, { account: email, password: GOOD_PASSWORD });
      expect(login.code).toBe(200);
      expect(login.data.userinfo.id).toBe(added.id);
      const [row] = (await listMerchants(t, adminToken, { keyword: email })).list;
      expect(row.last_login_at).not.toBeNull();
    });

    it('adds a merchant by phone with a default name and signs in by phone', async () => {
      const mobile = uniqueMobile();
      const added = await addMerchant(t, adminToken, { email: undefined, mobile });
      expect(added).toMatchObject({
        account: mobile,
        email: null,
        mobile,
        type: 'individual',
        nickname: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
      });
      expect((await t.call(merchantLogin, { account: mobile, password: GOOD_PASSWORD })).code).toBe(200);
    });
  });

  describe('[LIST]', () => {
    it('finds merchants by account, email, phone and name, and filters by type, status and registration date', async () => {
      const tag = `k${Date.now().toString(36)}`;
      const mobile = uniqueMobile();
      const a = await addMerchant(t, adminToken, {
        email: `${tag}.a@example.com`,
        nickname: `Alpha ${tag}`,
        type: 'enterprise',
      });
      const b = await addMerchant(t, adminToken, { email: undefined, mobile, nickname: `Beta ${tag}` });
      const ids = (list: TAdminMerchant[]) => list.map((row) => row.id).sort();

      expect(ids((await listMerchants(t, adminToken, { keyword: tag })).list)).toEqual([a.id, b.id].sort());
      expect(ids((await listMerchants(t, adminToken, { keyword: `${tag}.a@` })).list)).toEqual([a.id]);
      expect(ids((await listMerchants(t, adminToken, { keyword: mobile.slice(3) })).list)).toEqual([b.id]);
      expect(ids((await listMerchants(t, adminToken, { keyword: `beta ${tag}` })).list)).toEqual([b.id]);
      expect(ids((await listMerchants(t, adminToken, { keyword: tag, type: 'enterprise' })).list)).toEqual([a.id]);
      expect(ids((await listMerchants(t, adminToken, { keyword: tag, type: 'individual' })).list)).toEqual([b.id]);
      await expectOk(t.call(adminEditMerchant, { id: b.id, status: 'disabled' }, adminToken));
      expect(ids((await listMerchants(t, adminToken, { keyword: tag, status: 'disabled' })).list)).toEqual([b.id]);
      expect(ids((await listMerchants(t, adminToken, { keyword: tag, status: 'active' })).list)).toEqual([a.id]);
      expect((await listMerchants(t, adminToken, { keyword: tag, start_date: today(), end_date: today() })).total).toBe(
        2,
      );
      expect(
        (await listMerchants(t, adminToken, { keyword: tag, start_date: '2020-01-01', end_date: '2020-12-31' })).total,
      ).toBe(0);
    });

    it('pages the list, newest first, with the total of the filter', async () => {
      const tag = `p${Date.now().toString(36)}`;
      for (let index = 0; index < 3; index += 1)
        await addMerchant(t, adminToken, { email: `${tag}.${index}@example.com` });
      const first = await listMerchants(t, adminToken, { keyword: tag, page: 1, limit: 2 });
      const second = await listMerchants(t, adminToken, { keyword: tag, page: 2, limit: 2 });
      expect([first.total, first.list.length, second.list.length]).toEqual([3, 2, 1]);
      expect(first.list[0].email).toBe(`${tag}.2@example.com`);
      expect(second.list[0].email).toBe(`${tag}.0@example.com`);
    });

    it("shows each merchant's store count", async () => {
      const merchant = await addMerchant(t, adminToken);
      for (let index = 0; index < 2; index += 1) {
        await expectOk(t.call(adminAddShop, { ...shopFields(), merchant_id: merchant.id, mode: 'trial' }, adminToken));
      }
      const [row] = (await listMerchants(t, adminToken, { keyword: merchant.email })).list;
      expect(row.store_count).toBe(2);
    });
  });

  describe('[EDIT]', () => {
    it('edits name, email, phone, type and remark; the merchant signs in with the new email', async () => {
      const merchant = await addMerchant(t, adminToken);
      const email = uniqueEmail('renamed');
      const mobile = uniqueMobile();
      const edited = await expectOk(
        t.call(
          adminEditMerchant,
          { id: merchant.id, nickname: 'Renamed', email, mobile, type: 'enterprise', remark: 'upgraded' },
          adminToken,
        ),
      );
      expect(edited).toMatchObject({
        id: merchant.id,
        nickname: 'Renamed',
        email,
        mobile,
        account: email,
        type: 'enterprise',
        remark: 'upgraded',
        status: 'active',
      });
      expect((await t.call(merchantLogin, { account: email, password: GOOD_PASSWORD })).code).toBe(200);
      expect((await t.call(merchantLogin, { account: mobile, password: GOOD_PASSWORD })).code).toBe(200);
      expect((await t.callRaw(merchantLogin, { account: merchant.email, password: GOOD_PASSWORD })).code).toBe(11001);
    });

    it('fields left out stay as they are, and an empty email is cleared when a phone remains', async () => {
      const mobile = uniqueMobile();
      const merchant = await addMerchant(t, adminToken, {
        mobile,
        nickname: 'Keep me',
        type: 'enterprise',
        remark: 'keep',
      });
      const edited = await expectOk(t.call(adminEditMerchant, { id: merchant.id, email: '' }, adminToken));
      expect(edited).toMatchObject({
        email: null,
        mobile,
        account: mobile,
        nickname: 'Keep me',
        type: 'enterprise',
        remark: 'keep',
      });
    });

    it('disabling ends every session at once and login is refused; enabling lets the merchant back in', async () => {
      const merchant = await registerMerchant(t);
      const second = await expectOk(t.call(merchantLogin, { account: merchant.email, password: merchant.password }));
      const disabled = await expectOk(
        t.call(adminEditMerchant, { id: merchant.id, status: 'disabled', remark: 'unpaid invoices' }, adminToken),
      );
      expect(disabled).toMatchObject({ status: 'disabled', remark: 'unpaid invoices' });
      for (const token of [merchant.token, second.userinfo.token])
        expect((await t.call(merchantListShops, {}, token)).code).toBe(10000);
      const refused = await t.call(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
        lang_code: 'en-US',
      });
      expect(refused).toMatchObject({ code: 11002, msg: 'This account is disabled, please contact support' });
      const refusedZh = await t.call(merchantLogin, {
        account: merchant.email,
        password: merchant.password,
        lang_code: 'zh-CN',
      });
      expect(refusedZh).toMatchObject({ code: 11002, msg: '账号已被禁用，请联系平台客服' });

      await expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'active' }, adminToken));
      const back = await t.call(merchantLogin, { account: merchant.email, password: merchant.password });
      expect(back.code).toBe(200);
      expect((await t.call(merchantListShops, {}, back.data.userinfo.token)).code).toBe(200);
    });
  });

  describe('[CHARTS]', () => {
    it('counts registrations per day, with every day of the range present', async () => {
      const before = await expectOk(
        t.call(adminMerchantRegisterTrend, { start_date: today(), end_date: today() }, adminToken),
      );
      await registerMerchant(t);
      await addMerchant(t, adminToken);
      const after = await expectOk(
        t.call(adminMerchantRegisterTrend, { start_date: today(), end_date: today() }, adminToken),
      );
      expect(after.list).toHaveLength(1);
      expect(after.list[0].count - before.list[0].count).toBe(2);
      const month = await expectOk(t.call(adminMerchantRegisterTrend, {}, adminToken));
      expect(month.list).toHaveLength(30);
    });

    it('counts merchants of each type', async () => {
      type Distribution = { list: Array<{ type: string; count: number }> };
      const before = await expectOk(t.call(adminMerchantTypeDistribution, {}, adminToken));
      await addMerchant(t, adminToken, { type: 'enterprise' });
      await addMerchant(t, adminToken, { type: 'enterprise' });
      await addMerchant(t, adminToken, { type: 'individual' });
      const after = await expectOk(t.call(adminMerchantTypeDistribution, {}, adminToken));
      const countOf = (value: Distribution, type: string) => value.list.find((row) => row.type === type)?.count ?? -1;
      expect(after.list.map((row) => row.type)).toEqual(['individual', 'enterprise']);
      expect(countOf(after, 'enterprise') - countOf(before, 'enterprise')).toBe(2);
      expect(countOf(after, 'individual') - countOf(before, 'individual')).toBe(1);
    });
  });
});
