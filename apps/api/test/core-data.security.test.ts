import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { signInAdmin } from './store-helper';
import { OPEN_PATHS as P } from './open-api-helper';

describe('core data: operator only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses a merchant token and no token on every core data call, changing nothing', async () => {
    const { token } = await registerMerchant(t);
    const bodies: Record<string, Record<string, unknown>> = {
      [P.configGet]: {},
      [P.configEdit]: { provider: 'http', base_url: 'https://evil.example', key: 'k', secret: 's' },
      [P.sources]: {},
      [P.sourceAdd]: { platform: 'jd', name: 'x' },
      [P.sourceEdit]: { id: 1, name: 'x' },
      [P.sourceDelete]: { id: 1 },
      [P.sourceEnable]: { id: 1, is_enabled: false },
      [P.apis]: {},
      [P.apiAdd]: { platform: 'jd', code: 'x', name: 'x', cost: 1 },
      [P.apiEdit]: { id: 1, platform: 'jd', code: 'x', name: 'x', cost: 1 },
    };
    for (const [path, body] of Object.entries(bodies)) {
      expect((await t.call(path, body, token)).code, path).toBe(10003);
      expect((await t.call(path, body)).code, path).toBe(10000);
    }
    const admin = await signInAdmin(t);
    const config = await t.call<{ provider: string }>(P.configGet, {}, admin);
    expect(config.data.provider).toBe('sandbox');
    const sources = await t.call<{ list: Array<{ is_enabled: boolean }> }>(P.sources, {}, admin);
    expect(sources.data.list.every((source) => source.is_enabled)).toBe(true);
  });

  it('refuses an operator token on the merchant key calls', async () => {
    const admin = await signInAdmin(t);
    for (const path of [P.keys, P.reveal, P.rotate]) expect((await t.call(path, { shop_id: 'abc' }, admin)).code).toBe(10003);
  });
});
