import { adminLogin, merchantLogin } from '@parlour/contract/calls/account';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DEFAULT_ADMIN_ACCOUNT, DEFAULT_ADMIN_PASSWORD, loadConfig } from '../src/config';
import { DEMO_MERCHANT, seedDatabase } from '../src/db/seed/seed';
import { buildTestApp, testConfig } from './helper';

describe('configuration', () => {
  afterEach(() => {
    delete process.env.CAPTCHA_FIXED_TEXT;
  });

  it('defaults the operator account outside production', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config).toMatchObject({
      adminAccount: DEFAULT_ADMIN_ACCOUNT,
      adminPassword: DEFAULT_ADMIN_PASSWORD,
      port: 3000,
      seedDemo: true,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('refuses to start in production without ADMIN_ACCOUNT and ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_ACCOUNT/);
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_ACCOUNT: 'ops' })).toThrow(/ADMIN_PASSWORD/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        ADMIN_ACCOUNT: 'ops',
        ADMIN_PASSWORD: 'Ops#Secret1',
        SECRETS_KEY: 'ab'.repeat(32),
        SHOP_BASE_DOMAIN: 'parlour.shop',
      }),
    ).toMatchObject({
      isProduction: true,
      adminAccount: 'ops',
    });
  });

  it('refuses malformed numbers', () => {
    expect(() => loadConfig({ LOGIN_CAPTCHA_THRESHOLD: 'five' })).toThrow(/LOGIN_CAPTCHA_THRESHOLD/);
    expect(() => loadConfig({ PORT: '-1' })).toThrow(/PORT/);
  });

  it('refuses a fixed captcha answer in production', async () => {
    // A configuration built by hand; loadConfig refuses it already (config-environment.test.ts).
    const config = {
      ...loadConfig({
        NODE_ENV: 'production',
        ADMIN_ACCOUNT: 'ops',
        ADMIN_PASSWORD: 'Ops#Secret1',
        SECRETS_KEY: 'ab'.repeat(32),
        SHOP_BASE_DOMAIN: 'parlour.shop',
        LOG_LEVEL: 'silent',
      }),
      captchaFixedText: 'abcd',
    };
    await expect(buildApp({ config, database: {} as never, logger: false })).rejects.toThrow(/CAPTCHA_FIXED_TEXT/);
  });
});

describe('seed', () => {
  it('creates the operator and, on a first start, the demo merchant, once', async () => {
    const t = await buildTestApp();
    try {
      const config = testConfig({ ADMIN_ACCOUNT: 'ops', ADMIN_PASSWORD: 'Ops#Secret1' });
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: true });
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: false });
      expect((await t.call(adminLogin, { account: 'ops', password: 'Ops#Secret1' })).code).toBe(200);
      expect(
        (await t.call(merchantLogin, { account: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password })).code,
      ).toBe(200);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('leaves the demo merchant out with SEED_DEMO=false', async () => {
    const t = await buildTestApp();
    try {
      expect(await seedDatabase(t.app, testConfig({ SEED_DEMO: 'false' }))).toEqual({ demoSeeded: false });
      expect(
        (await t.call(adminLogin, { account: DEFAULT_ADMIN_ACCOUNT, password: DEFAULT_ADMIN_PASSWORD })).code,
      ).toBe(200);
      expect(
        (await t.call(merchantLogin, { account: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password })).code,
      ).toBe(11001);
    } finally {
      await t.close();
    }
  });
});
