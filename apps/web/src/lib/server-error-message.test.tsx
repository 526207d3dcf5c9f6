import { merchantLogout } from '@parlour/contract/calls/account';
import { ErrorCode } from '@parlour/contract/errors';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
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
  return { duration };
}

describe('server failures quote their request id (issue 12)', () => {
  it('shows a SERVER_ERROR with the request id of its answer and a copy button, for 10 s', async () => {
    mockFetch(() => ({ code: ErrorCode.SERVER_ERROR, msg: 'Server error, please try again later', data: { request_id: REQUEST_ID } }));
    const feedback = recordFeedback();
    const error = await callApi(merchantLogout, {}).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ kind: 'business', code: ErrorCode.SERVER_ERROR, requestId: REQUEST_ID });
    const { duration } = renderShownError(feedback);
    expect(duration).toBe(10);
    expect(screen.getByText('Server error, please try again later')).toBeTruthy();
    expect(screen.getByText(`Request ID ${REQUEST_ID}`)).toBeTruthy();

    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(screen.getByRole('button', { name: /copy/i }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(REQUEST_ID));
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    mockFetch(() => ({ code: ErrorCode.SERVER_ERROR, msg: '服务器错误，请稍后再试', data: { request_id: REQUEST_ID } }));
    const feedback = recordFeedback();
    await callApi(merchantLogout, {}).catch(() => undefined);
    renderShownError(feedback);
    expect(screen.getByText('服务器错误，请稍后再试')).toBeTruthy();
    expect(screen.getByText(`请求编号 ${REQUEST_ID}`)).toBeTruthy();
  });

  it('quotes the X-Request-Id header of an HTTP 5xx', async () => {
    mockFetch(() => new Response('down', { status: 503, statusText: 'Service Unavailable', headers: { 'X-Request-Id': REQUEST_ID } }));
    const feedback = recordFeedback();
    await callApi(merchantLogout, {}).catch(() => undefined);
    renderShownError(feedback);
    expect(screen.getByText('Service Unavailable')).toBeTruthy();
    expect(screen.getByText(`Request ID ${REQUEST_ID}`)).toBeTruthy();
  });

  it('shows other failures as plain text, without the id', async () => {
    mockFetch(() => new Response(JSON.stringify({ code: ErrorCode.NO_PERMISSION, msg: 'No permission', data: null }), { headers: { 'X-Request-Id': REQUEST_ID } }));
    const feedback = recordFeedback();
    const error = await callApi(merchantLogout, {}).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: ErrorCode.NO_PERMISSION, requestId: REQUEST_ID });
    expect(feedback.error).toHaveBeenCalledWith('No permission');
  });
});
