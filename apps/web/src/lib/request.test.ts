import { adminLogin, adminLogout, merchantLogin, merchantLogout, sendEmailCode } from '@parlour/contract/calls/account';
import { LARGE_UPLOAD_BYTES } from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUserinfo, merchantUserinfo, mockFetch, recordFeedback } from '../test/helpers';
import { ApiError } from './api-error';
import { getClientId } from './client-id';
import { i18n } from './i18n';
import { setNavigator } from './navigator';
import { callApi, timeoutFor } from './request';
import { useSessionStore } from './session-store';

const loginInput = { account: 'shop@example.com', password: 'Secret1!' };
const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
});

function signInBoth() {
  const { signIn } = useSessionStore.getState();
  signIn('admin', adminUserinfo);
  signIn('merchant', merchantUserinfo);
}

describe('callApi: the request', () => {
  it('POSTs JSON to /api/v1/<path> with lang_code added to the body', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: { resend_after: 60 } }));
    await i18n.changeLanguage('zh-CN');
    await expect(callApi(sendEmailCode, { email: 'a@example.com', event: 'register' })).resolves.toEqual({
      resend_after: 60,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/merchant/common/code/email');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ email: 'a@example.com', event: 'register', lang_code: 'zh-CN' });
  });

  it('follows the interface language in lang_code', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: null }));
    await i18n.changeLanguage('en-US');
    await callApi(merchantLogout, {});
    expect(calls[0]?.body).toEqual({ lang_code: 'en-US' });
  });

  it('adds lang_code to a FormData body and lets the browser set its content type', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: null }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'logo.png');
    await callApi(merchantLogout, form);
    const sent = calls[0]?.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.get('lang_code')).toBe('en-US');
    expect(sent.get('file')).toBeTruthy();
    expect(calls[0]?.headers.has('content-type')).toBe(false);
  });

  it('sends the page URL and the client id', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: null }));
    await callApi(merchantLogout, {});
    expect(calls[0]?.headers.get('x-page-url')).toBe(window.location.href);
    expect(calls[0]?.headers.get('x-client-id')).toBe(getClientId());
    expect(calls[0]?.headers.get('x-client-id')).toMatch(/^[A-Za-z0-9]{21}$/);
  });

  it("sends the bearer token of the call's role", async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: null }));
    signInBoth();
    await callApi(merchantLogout, {});
    await callApi(adminLogout, {});
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer merchant-token');
    expect(calls[1]?.headers.get('authorization')).toBe('Bearer admin-token');
  });

  it('sends no authorization header without a session', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: null }));
    await callApi(merchantLogin, loginInput, { skipErrorHandler: true }).catch(() => undefined);
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });
});

describe('callApi: timeouts', () => {
  function hangingFetch() {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
  }

  it('gives up after 12 s and says the network failed', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const feedback = recordFeedback();
    const result = callApi(merchantLogout, {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(11_999);
    expect(feedback.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('timeout');
    expect(feedback.error).toHaveBeenCalledWith('Network error, please try again later');
  });

  it('allows uploads 120 s', async () => {
    vi.useFakeTimers();
    hangingFetch();
    recordFeedback();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    const result = callApi(merchantLogout, form).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let isSettled = false;
    void result.then(() => (isSettled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(((await result) as ApiError).kind).toBe('timeout');
  });

  it('chooses 12 s for JSON, 120 s for uploads and 300 s for uploads over 100 MB', () => {
    expect(timeoutFor({ a: 1 })).toBe(12_000);
    const small = new FormData();
    small.append('file', new Blob(['x']), 'a.png');
    expect(timeoutFor(small)).toBe(120_000);
    const large = new FormData();
    const bigFile = new Blob(['x']);
    Object.defineProperty(bigFile, 'size', { value: LARGE_UPLOAD_BYTES + 1 });
    vi.spyOn(large, 'entries').mockReturnValue(
      [['file', bigFile as File]][Symbol.iterator]() as FormDataIterator<[string, FormDataEntryValue]>,
    );
    expect(timeoutFor(large)).toBe(300_000);
  });
});

describe('callApi: failures', () => {
  it('says "Network error, please try again later" when there is no answer', async () => {
    mockFetch(() => new TypeError('Failed to fetch'));
    const feedback = recordFeedback();
    const error = await callApi(merchantLogout, {}).catch((thrown: unknown) => thrown);
    expect((error as ApiError).kind).toBe('network');
    expect(feedback.error).toHaveBeenCalledWith('Network error, please try again later');
  });

  it('translates the network message', async () => {
    mockFetch(() => new TypeError('Failed to fetch'));
    const feedback = recordFeedback();
    await i18n.changeLanguage('zh-CN');
    await callApi(merchantLogout, {}).catch(() => undefined);
    expect(feedback.error).toHaveBeenCalledWith('网络错误，请稍后再试');
  });

  it('shows the status text of an HTTP error', async () => {
    mockFetch(() => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }));
    const feedback = recordFeedback();
    const error = await callApi(merchantLogout, {}).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ kind: 'http', status: 502 });
    expect(feedback.error).toHaveBeenCalledWith('Bad Gateway');
  });

  it('shows the msg of a failed answer and rejects with its code and data', async () => {
    mockFetch(() => ({ code: ErrorCode.TOO_MANY_REQUESTS, msg: 'Slow down', data: { retry_after: 42 } }));
    const feedback = recordFeedback();
    const error = await callApi(sendEmailCode, { email: 'a@example.com', event: 'register' }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ kind: 'business', code: 10029, data: { retry_after: 42 }, message: 'Slow down' });
    expect(feedback.error).toHaveBeenCalledWith('Slow down');
  });

  it('lets a call site opt out of the message for chosen codes', async () => {
    mockFetch(() => ({ code: ErrorCode.CAPTCHA_REQUIRED, msg: 'captcha please' }));
    const feedback = recordFeedback();
    await expect(
      callApi(merchantLogin, loginInput, { skipErrorHandler: [ErrorCode.CAPTCHA_REQUIRED] }),
    ).rejects.toMatchObject({ code: 11003 });
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('falls back to the default login failure message when msg is empty', async () => {
    mockFetch(() => ({ code: ErrorCode.LOGIN_FAILED, msg: '' }));
    const feedback = recordFeedback();
    await callApi(merchantLogin, loginInput, { fallbackError: 'LOGIN_FAILED' }).catch(() => undefined);
    expect(feedback.error).toHaveBeenCalledWith('Incorrect account or password');
  });

  it('falls back to the default registration failure message when msg is empty', async () => {
    mockFetch(() => ({ code: ErrorCode.SERVER_ERROR, msg: '  ' }));
    const feedback = recordFeedback();
    await i18n.changeLanguage('zh-CN');
    await callApi(merchantLogout, {}, { fallbackError: 'REGISTER_FAILED' }).catch(() => undefined);
    expect(feedback.error).toHaveBeenCalledWith('注册失败，请稍后再试');
  });

  it('uses the catalogue message of a known code when msg is empty', async () => {
    mockFetch(() => ({ code: ErrorCode.NO_PERMISSION, msg: '' }));
    const feedback = recordFeedback();
    await callApi(merchantLogout, {}).catch(() => undefined);
    expect(feedback.error).toHaveBeenCalledWith('No permission');
  });

  it('treats an answer without a code as an unknown error', async () => {
    mockFetch(() => new Response('<html></html>', { status: 200 }));
    const feedback = recordFeedback();
    await expect(callApi(merchantLogout, {})).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(feedback.error).toHaveBeenCalledWith('Unknown error');
  });
});

describe('callApi: token expired (code 10000)', () => {
  it('says so once, then after 1.5 s clears that role and goes to its login page; 1 s later it can say it again', async () => {
    vi.useFakeTimers();
    signInBoth();
    window.history.replaceState(null, '', '/merchant/bill?page=2');
    mockFetch(() => ({ code: ErrorCode.TOKEN_EXPIRED, msg: 'expired' }));
    const feedback = recordFeedback();

    const failures = await Promise.all([
      callApi(sendEmailCode, { email: 'a@example.com', event: 'register' }).catch((e: unknown) => e),
      callApi(merchantLogin, loginInput).catch((e: unknown) => e),
      callApi(merchantLogin, loginInput, { skipErrorHandler: true }).catch((e: unknown) => e),
    ]);
    for (const failure of failures) expect(failure).toMatchObject({ code: 10000 });
    expect(feedback.error).toHaveBeenCalledTimes(1);
    expect(feedback.error).toHaveBeenCalledWith('Login verification expired, please login again');

    await vi.advanceTimersByTimeAsync(1_499);
    expect(navigate).not.toHaveBeenCalled();
    expect(useSessionStore.getState().merchant.token).toBe('merchant-token');

    await vi.advanceTimersByTimeAsync(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(`/login?redirect=${encodeURIComponent('/merchant/bill?page=2')}`, {
      replace: true,
    });
    expect(useSessionStore.getState().merchant.token).toBeNull();
    expect(useSessionStore.getState().merchant.info).toBeNull();
    expect(useSessionStore.getState().admin.token).toBe('admin-token');

    // Still within the 1 s after the redirect: not reported again.
    await callApi(merchantLogout, {}).catch(() => undefined);
    await callApi(sendEmailCode, { email: 'a@example.com', event: 'register' }).catch(() => undefined);
    expect(feedback.error).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1_000);
    await callApi(sendEmailCode, { email: 'a@example.com', event: 'register' }).catch(() => undefined);
    expect(feedback.error).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_500);
  });

  it("takes an operator to the operator login page and keeps the merchant's session", async () => {
    vi.useFakeTimers();
    signInBoth();
    window.history.replaceState(null, '', '/admin/dashboard');
    mockFetch(() => ({ code: ErrorCode.TOKEN_EXPIRED, msg: '' }));
    recordFeedback();
    await callApi(adminLogin, loginInput).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(navigate).toHaveBeenCalledWith(`/admin/login?redirect=${encodeURIComponent('/admin/dashboard')}`, {
      replace: true,
    });
    expect(useSessionStore.getState().admin.token).toBeNull();
    expect(useSessionStore.getState().merchant.token).toBe('merchant-token');
    await vi.advanceTimersByTimeAsync(1_000);
  });

  it('does nothing for a logout call', async () => {
    vi.useFakeTimers();
    signInBoth();
    mockFetch(() => ({ code: ErrorCode.TOKEN_EXPIRED, msg: 'expired' }));
    const feedback = recordFeedback();
    await expect(callApi(merchantLogout, {})).rejects.toMatchObject({ code: 10000 });
    await expect(callApi(adminLogout, {})).rejects.toMatchObject({ code: 10000 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(feedback.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(useSessionStore.getState().merchant.token).toBe('merchant-token');
  });
});
