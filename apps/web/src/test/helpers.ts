import { vi } from 'vitest';
import { setFeedbackApi, type FeedbackApi } from '../lib/feedback';

/** A recorded feedback API: what the request layer and the pages showed. */
export function recordFeedback() {
  const api = { success: vi.fn(), error: vi.fn(), info: vi.fn() } satisfies FeedbackApi;
  setFeedbackApi(api);
  return api;
}

export interface RecordedCall {
  url: string;
  init: RequestInit;
  body: unknown;
  headers: Headers;
}

type Answer = { code: number; msg?: string; data?: unknown } | Response | Error;

/**
 * Stubs fetch. `answer` gets the call path (below /api/v1/) and its parsed body and returns an
 * envelope, a Response, or an Error to reject with. Records every call.
 */
export function mockFetch(answer: (path: string, body: unknown) => Answer | Promise<Answer>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const body =
      init.body instanceof FormData ? init.body : typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ url, init, body, headers: new Headers(init.headers) });
    const result = await answer(url.replace(/^\/api\/v1\//, ''), body);
    if (result instanceof Error) throw result;
    if (result instanceof Response) return result;
    return new Response(JSON.stringify({ msg: '', data: null, ...result }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const merchantUserinfo = {
  token: 'merchant-token',
  expires_at: '2030-01-01T00:00:00.000Z',
  id: 7,
  account: 'shop@example.com',
  email: 'shop@example.com',
  mobile: null,
  nickname: 'Lucy',
  type: 'individual' as const,
  created_at: '2025-01-01T00:00:00.000Z',
  is_first_sign_in: false,
};

export const adminUserinfo = {
  token: 'admin-token',
  expires_at: '2030-01-01T00:00:00.000Z',
  id: 1,
  account: 'admin',
  nickname: '运营',
  created_at: '2025-01-01T00:00:00.000Z',
};
