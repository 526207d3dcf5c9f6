import { errorMessages } from '@parlour/contract/errors';
import { merchantLogin } from '@parlour/contract/calls/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prettyMessage } from '../src/lib/logger';
import { buildTestApp, type TestApp } from './helper';

/** The JSON lines the app logged. */
function recordLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
  return { lines, logger: { level: 'info', stream } };
}

const GENERATED_ID = /^req_[0-9a-f]{20}$/;

describe('the request id', () => {
  let t: TestApp;
  const log = recordLog();
  beforeAll(async () => {
    t = await buildTestApp({ logger: log.logger });
  });
  afterAll(() => t.close());

  it('answers a thrown failure as SERVER_ERROR quoting the request id its log line carries', async () => {
    const log = recordLog();
    const broken = await buildTestApp({ logger: log.logger });
    await broken.database.close();
    try {
      const response = await broken.app.inject({
        method: 'POST',
        url: `/api/v1/${merchantLogin.path}`,
        payload: { account: 'a@b.co', password: 'x', lang_code: 'zh-CN' },
      });
      const id = response.headers['x-request-id'];
      expect(id).toMatch(GENERATED_ID);
      expect(response.json()).toEqual({
        code: 10500,
        msg: errorMessages.SERVER_ERROR['zh-CN'],
        data: { request_id: id },
      });
      const failure = log.lines.find((line) => line.msg === 'unexpected failure');
      expect(failure).toMatchObject({ level: 50, request_id: id });
      expect(failure?.err).toBeTruthy();
      // Every line of that request carries the same field and id.
      const ofRequest = log.lines.filter((line) => line.request_id === id);
      expect(ofRequest.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'unexpected failure', 'request completed']),
      );
    } finally {
      await broken.app.close();
    }
  });

  it('names a fresh id in X-Request-Id on every answer: success, refusal and unknown path', async () => {
    const success = await t.app.inject({ method: 'POST', url: '/api/v1', payload: {} });
    const refusal = await t.app.inject({ method: 'POST', url: `/api/v1/${merchantLogin.path}`, payload: {} });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/no/such/call', payload: {} });
    expect(success.json()).toMatchObject({ code: 200 });
    expect(refusal.json()).toMatchObject({ code: 10001 });
    expect(unknown.statusCode).toBe(404);
    const ids = [success, refusal, unknown].map((response) => response.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(GENERATED_ID);
    expect(new Set(ids).size).toBe(3);
    // Refusals quote no id in the body: the caller already knows what to fix.
    expect(refusal.json().data).not.toHaveProperty('request_id');
  });

  it("keeps a proxy's sane X-Request-Id and replaces anything else", async () => {
    const forwarded = await t.app.inject({
      method: 'POST',
      url: '/api/v1',
      payload: {},
      headers: { 'x-request-id': 'nginx-7f3a9c21e4b5' },
    });
    expect(forwarded.headers['x-request-id']).toBe('nginx-7f3a9c21e4b5');
    expect(log.lines.some((line) => line.request_id === 'nginx-7f3a9c21e4b5')).toBe(true);
    for (const bad of ['short', 'x'.repeat(65), 'evil id\nforged=1', '<script>']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1',
        payload: {},
        headers: { 'x-request-id': bad },
      });
      expect(response.headers['x-request-id']).toMatch(GENERATED_ID);
    }
  });

  it('shows the request id on pretty error lines only', () => {
    expect(prettyMessage({ level: 50, msg: 'unexpected failure', request_id: 'req_0123456789abcdef0123' })).toBe(
      'unexpected failure  request_id=req_0123456789abcdef0123',
    );
    expect(prettyMessage({ level: 30, msg: 'POST /api/v1 200 3 ms', request_id: 'req_0123456789abcdef0123' })).toBe(
      'POST /api/v1 200 3 ms',
    );
  });
});
