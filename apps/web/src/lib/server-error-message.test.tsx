import { merchantLogout } from '@parlour/contract/calls/account';
import { ErrorCode } from '@parlour/contract/errors';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { isValidElement, type ReactElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockFetch, recordFeedback } from '../test/helpers';
import { i18n } from './i18n';
import { callApi } from './request';

const REQUEST_ID = 'req_3f9a0c1d2e4b5a6c7d8e';

/** The content of the one error message shown, rendered. */
function renderShownError(feedback: ReturnType<typeof recordFeedback>) {
  expect(feedback.error).toHaveBeenCalledTimes(1);
  const [content, duration] = feedback.error.mock.calls[0] as [unknown, number | undefined];
  expect(isValidElement(content)).toBe(true);
  render(content as ReactElement);
  // The id's component loads on first use; the message stands in until then.
  return { duration, idShown: (text: string) => screen.findByText(text) };
}

describe('server failures quote their request id', () => {
  // antd's Typography takes a while to load on a busy machine; the lazy toast then renders at once.
  beforeAll(() => import('./server-error-message'), 20_000);

  it('shows a SERVER_ERROR with the request id of its answer and a copy button, for 10 s', async () => {
    mockFetch(() => ({
      code: ErrorCode.SERVER_ERROR,
      msg: 'Server error, please try again later',
      data: { request_id: REQUEST_ID },
    }));
    const feedback = recordFeedback();
    const error = await callApi(merchantLogout, {}).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ kind: 'business', code: ErrorCode.SERVER_ERROR, requestId: REQUEST_ID });
    const { duration, idShown } = renderShownError(feedback);
    expect(duration).toBe(10);
    expect(await idShown(`Request ID ${REQUEST_ID}`)).toBeTruthy();
    expect(screen.getByText('Server error, please try again later')).toBeTruthy();

    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: /copy/i }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(REQUEST_ID));
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    mockFetch(() => ({
      code: ErrorCode.SERVER_ERROR,
      msg: '服务器错误，请稍后再试',
      data: { request_id: REQUEST_ID },
    }));
    const feedback = recordFeedback();
    await callApi(merchantLogout, {}).catch(() => undefined);
    expect(await renderShownError(feedback).idShown(`请求编号 ${REQUEST_ID}`)).toBeTruthy();
    expect(screen.getByText('服务器错误，请稍后再试')).toBeTruthy();
  });

  it('quotes the X-Request-Id header of an HTTP 5xx', async () => {
    mockFetch(
      () =>
        new Response('down', {
          status: 503,
          statusText: 'Service Unavailable',
          headers: { 'X-Request-Id': REQUEST_ID },
        }),
    );
    const feedback = recordFeedback();
    await callApi(merchantLogout, {}).catch(() => undefined);
    expect(await renderShownError(feedback).idShown(`Request ID ${REQUEST_ID}`)).toBeTruthy();
    expect(screen.getByText('Service Unavailable')).toBeTruthy();
  });

  it('shows other failures as plain text, without the id', async () => {
    mockFetch(
      () =>
        new Response(JSON.stringify({ code: ErrorCode.NO_PERMISSION, msg: 'No permission', data: null }), {
          headers: { 'X-Request-Id': REQUEST_ID },
        }),
    );
    const feedback = recordFeedback();
    const error = await callApi(merchantLogout, {}).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: ErrorCode.NO_PERMISSION, requestId: REQUEST_ID });
    expect(feedback.error).toHaveBeenCalledWith('No permission');
  });
});
