import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  it('registers and logs in', async () => {
    const merchant = await registerMerchant(t);
    const login = await t.call<{ userinfo: { token: string } }>('merchant/member/user/login', { account: merchant.email, password: merchant.password });
    expect(login.code).toBe(200);
  });
});
