import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

const apiVersion = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version as string;

describe('the bare POST /api/v1 call (spec §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const bare = (payload: unknown = {}, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1', payload: payload as object, headers });

  it('answers the envelope with the API name, its version and the server time', async () => {
    t.clock.advance(3600);
    const response = await bare({ lang_code: 'en-US' });
    expect(response.statusCode).toBe(200);
    const now = t.clock.now();
    expect(response.json()).toEqual({
      code: 200,
      msg: expect.any(String),
      data: { name: 'Parlour API', version: apiVersion, server_time: now.toISOString(), server_time_ms: now.getTime() },
    });
    expect(apiVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('needs no session: an unknown bearer token and an empty body are fine', async () => {
    const response = await bare(undefined, { authorization: 'Bearer not-a-session' });
    expect(response.json()).toMatchObject({ code: 200, data: { name: 'Parlour API' } });
  });

  it('is POST only, like every call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1' });
    expect(response.json().code).not.toBe(200);
  });

  it('does no database work: it still answers with the database gone', async () => {
    const own = await buildTestApp();
    await own.database.close();
    try {
      const response = await own.app.inject({ method: 'POST', url: '/api/v1', payload: {} });
      expect(response.json()).toMatchObject({
        code: 200,
        data: { name: 'Parlour API', server_time: own.clock.now().toISOString() },
      });
    } finally {
      await own.app.close();
    }
  });
});
