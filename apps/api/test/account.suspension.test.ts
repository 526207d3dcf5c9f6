import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLogin } from '@parlour/contract/calls/account';
import { merchantDismissSuspensionNotices, merchantSuspensionNotices } from '@parlour/contract/calls/account-security';
import { adminEditMerchant } from '@parlour/contract/calls/merchant-admin';
import { ErrorCode, errorMessages } from '@parlour/contract/errors';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { grantPackage, logsOf, openCall, storeWithKey, unitsUsed } from './open-api-helper';
import { expectOk, signInAdmin } from './shop-helper';

/** Disabling a merchant (docs/SECURITY.md, Accounts) suspends its stores' Open API keys until it is enabled again. */
describe('Merchant suspension', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  async function usageRows(shopRef: number) {
    const { rows } = await t.database.executeSql(
      'select coalesce(sum(calls), 0)::int as calls from api_usage_daily where shop_ref = $1',
      [shopRef],
    );
    return Number((rows[0] as { calls: number }).calls);
  }

  it('refuses a disabled merchant’s keys with OPEN_KEY_SUSPENDED, uncharged and unlogged, and restores them on enable', async () => {
    const merchant = await registerMerchant(t);
    const store = await storeWithKey(t, { token: merchant.token });
    const second = await storeWithKey(t, { token: merchant.token });
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    const admin = await signInAdmin(t);
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, store.key)).code).toBe(200);
    expect(await unitsUsed(t, packageId)).toEqual({ used: 1, total: 10 });
    const usageBefore = await usageRows(store.shopRef);

    await expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'disabled' }, admin));
    for (const key of [store.key, second.key]) {
      const refused = await openCall(t, 'taobao/item_get', { num_iid: '1', lang_code: 'en-US' }, key);
      expect(refused.code).toBe(ErrorCode.OPEN_KEY_SUSPENDED);
      expect(refused.msg).toBe(errorMessages.OPEN_KEY_SUSPENDED['en-US']);
    }
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1', lang_code: 'zh-CN' }, store.key)).msg).toBe(
      errorMessages.OPEN_KEY_SUSPENDED['zh-CN'],
    );
    // Not charged, not logged, not counted as usage.
    expect(await unitsUsed(t, packageId)).toEqual({ used: 1, total: 10 });
    expect((await logsOf(t, store.shopRef)).length).toBe(1);
    expect((await logsOf(t, second.shopRef)).length).toBe(0);
    expect(await usageRows(store.shopRef)).toBe(usageBefore);
    expect((await t.call(merchantLogin, { account: merchant.email, password: merchant.password })).code).toBe(
      ErrorCode.ACCOUNT_DISABLED,
    );

    t.clock.advance(3600);
    await expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'active' }, await signInAdmin(t)));
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, store.key)).code).toBe(200);
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, second.key)).code).toBe(200);
    expect(await unitsUsed(t, packageId)).toEqual({ used: 3, total: 10 });
  });

  it('tells the merchant, once it signs in again, when its account was disabled, until it dismisses the notice', async () => {
    const merchant = await registerMerchant(t);
    const admin = await signInAdmin(t);
    expect((await expectOk(t.call(merchantSuspensionNotices, {}, merchant.token))).list).toEqual([]);
    const disabledAt = t.clock.now().toISOString();
    await expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'disabled' }, admin));
    // Disabling twice keeps one period.
    await expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'disabled', remark: 'still' }, admin));
    t.clock.advance(2 * 86_400);
    const enabledAt = t.clock.now().toISOString();
    await expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'active' }, await signInAdmin(t)));

    const token = (await expectOk(t.call(merchantLogin, { account: merchant.email, password: merchant.password })))
      .userinfo.token;
    const notices = (await expectOk(t.call(merchantSuspensionNotices, {}, token))).list;
    expect(notices).toEqual([{ id: expect.any(Number), disabled_at: disabledAt, enabled_at: enabledAt }]);
    await expectOk(t.call(merchantDismissSuspensionNotices, {}, token));
    expect((await expectOk(t.call(merchantSuspensionNotices, {}, token))).list).toEqual([]);
  });

  it('shows a merchant only its own periods', async () => {
    const a = await registerMerchant(t);
    const b = await registerMerchant(t);
    const admin = await signInAdmin(t);
    await expectOk(t.call(adminEditMerchant, { id: a.id, status: 'disabled' }, admin));
    await expectOk(t.call(adminEditMerchant, { id: a.id, status: 'active' }, admin));
    expect((await expectOk(t.call(merchantSuspensionNotices, {}, b.token))).list).toEqual([]);
    await expectOk(t.call(merchantDismissSuspensionNotices, {}, b.token));
    const tokenA = (await expectOk(t.call(merchantLogin, { account: a.email, password: a.password }))).userinfo.token;
    expect((await expectOk(t.call(merchantSuspensionNotices, {}, tokenA))).list).toHaveLength(1);
  });
});
