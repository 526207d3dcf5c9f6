import { describe, expect, it } from 'vitest';
import { parseLogFormat, prettyMessage } from './logger';

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
    expect(prettyMessage({ level: 30, time: 1, pid: 2, hostname: 'h', msg: 'job done', queue: 'store-sweep', result: { settled: 0 } })).toBe(
      'job done  queue=store-sweep  result={"settled":0}',
    );
    const code = { level: 30, msg: 'SMS code 123456 for 13900001111 (register; not sent: no SMS provider configured)', mobile: '13900001111', code: '123456', purpose: 'register' };
    expect(prettyMessage(code)).toBe(code.msg);
    // The request id (logged as request_id since ids are quoted by SERVER_ERROR answers) only on error lines.
    expect(prettyMessage({ level: 30, msg: 'GET /healthz 200 3 ms', request_id: 'req_1' })).toBe('GET /healthz 200 3 ms');
    expect(prettyMessage({ level: 50, msg: 'POST /api/v1/x 500 3 ms', request_id: 'req_1' })).toBe('POST /api/v1/x 500 3 ms  request_id=req_1');
  });
});
