import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerStorefrontRouting } from '../modules/storefront/storefront/storefront.routes';
import type { StorefrontService } from '../modules/storefront/storefront/storefront.service';
import { parseLogFormat, prettyMessage, registerPrettyRequestLog } from './logger';

describe('LOG_FORMAT', () => {
  it('is pretty on a terminal and JSON elsewhere unless forced', () => {
    expect(parseLogFormat(undefined, true)).toBe('pretty');
    expect(parseLogFormat('', false)).toBe('json');
    expect(parseLogFormat('json', true)).toBe('json');
    expect(parseLogFormat('pretty', false)).toBe('pretty');
    expect(() => parseLogFormat('yaml', true)).toThrow(/LOG_FORMAT must be pretty or json/);
  });
});

describe('pretty lines', () => {
  it('show the message and the other fields on one line, leaving out what the message already says', () => {
    expect(
      prettyMessage({
        level: 30,
        time: 1,
        pid: 2,
        hostname: 'h',
        msg: 'job done',
        queue: 'store-sweep',
        result: { settled: 0 },
      }),
    ).toBe('job done  queue=store-sweep  result={"settled":0}');
    const code = {
      level: 30,
      msg: 'SMS code 123456 for 13900001111 (register; not sent: no SMS provider configured)',
      mobile: '13900001111',
      code: '123456',
      purpose: 'register',
    };
    expect(prettyMessage(code)).toBe(code.msg);
    // The request id (logged as request_id since ids are quoted by SERVER_ERROR answers) only on error lines.
    expect(prettyMessage({ level: 30, msg: 'GET /healthz 200 3 ms', request_id: 'req_1' })).toBe(
      'GET /healthz 200 3 ms',
    );
    expect(prettyMessage({ level: 50, msg: 'POST /api/v1/x 500 3 ms', request_id: 'req_1' })).toBe(
      'POST /api/v1/x 500 3 ms  request_id=req_1',
    );
  });
});

describe('request lines (pretty mode)', () => {
  /** An app with the pretty request line and the store hosts' routing (its service faked), logging into `lines`. */
  async function appLogging(lines: Array<{ level: number; msg: string }>) {
    const stream = { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string }) };
    const app = Fastify({
      logger: { level: 'info', stream },
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerPrettyRequestLog(app);
    const storefrontService = {
      answer: async ({ host }: { host: string }) =>
        host === 'closed.localhost'
          ? { kind: 'notice' as const, statusCode: 503 as const, retryAfterSeconds: 3600, html: '<p>closed</p>' }
          : null,
    };
    registerStorefrontRouting(app, { storefrontService: storefrontService as unknown as StorefrontService });
    app.get('/broken', async (_request, reply) => reply.code(503).send('down'));
    app.get('/missing', async (_request, reply) => reply.code(404).send('missing'));
    await app.ready();
    return app;
  }

  it('log a store closed at the end of its term at info like other expected answers, and an unexpected 5xx at error', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const app = await appLogging(lines);
    try {
      expect((await app.inject({ url: '/', headers: { host: 'closed.localhost' } })).statusCode).toBe(503);
      expect((await app.inject({ url: '/missing', headers: { host: 'localhost' } })).statusCode).toBe(404);
      expect((await app.inject({ url: '/broken', headers: { host: 'localhost' } })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
    const levelOf = (start: string) => lines.find((line) => line.msg.startsWith(start))?.level;
    expect(levelOf('GET / 503')).toBe(30);
    expect(levelOf('GET /missing 404')).toBe(30);
    expect(levelOf('GET /broken 503')).toBe(50);
  });
});
