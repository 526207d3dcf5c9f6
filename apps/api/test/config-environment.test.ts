import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

const production = {
  NODE_ENV: 'production',
  ADMIN_ACCOUNT: 'ops',
  ADMIN_PASSWORD: 'Ops#Secret1',
  SECRETS_KEY: 'ab'.repeat(32),
  SHOP_BASE_DOMAIN: 'parlour.shop',
};

describe('configuration read only through loadConfig', () => {
  it('trusts a reverse proxy only when TRUST_PROXY is true', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...production, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('takes a fixed captcha answer outside production and refuses it in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).captchaFixedText).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_FIXED_TEXT: 'abcd' }).captchaFixedText).toBe('abcd');
    expect(() => loadConfig({ ...production, CAPTCHA_FIXED_TEXT: 'abcd' })).toThrow(/CAPTCHA_FIXED_TEXT/);
    expect(loadConfig(production).captchaFixedText).toBeUndefined();
  });
});
