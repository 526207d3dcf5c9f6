import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { PayMethodRadio } from './pay-method-radio';

const methods = (list: string[]) => (path: string) =>
  path === 'merchant/payment/methods' ? { code: 200, data: { list } } : { code: 10004 };

describe('pay method choice', { timeout: 20_000 }, () => {
  it('offers only the methods the server offers, with their names', async () => {
    mockFetch(methods(['wechat', 'paypal']));
    recordFeedback();
    const onChange = vi.fn();
    renderPage(<PayMethodRadio onChange={onChange} />, { path: '/' });
    fireEvent.click(await screen.findByRole('radio', { name: /PayPal/ }));
    expect(screen.getByRole('radio', { name: /WeChat Pay/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Alipay/ })).toBeNull();
    expect(onChange).toHaveBeenCalledWith('paypal');
  });

  it('drops a chosen method the server no longer offers', async () => {
    mockFetch(methods(['wechat']));
    recordFeedback();
    const onChange = vi.fn();
    renderPage(<PayMethodRadio value="alipay" onChange={onChange} />, { path: '/' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(undefined));
  });

  it('says when no method is available', async () => {
    mockFetch(methods([]));
    recordFeedback();
    renderPage(<PayMethodRadio />, { path: '/' });
    expect(await screen.findByText('No payment method is available')).toBeTruthy();
    // Nothing can be paid: a warning, not the blue of information.
    expect(screen.getByTestId('pay-method-none').className).toContain('ant-alert-warning');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('offers to try again when the list could not be loaded', async () => {
    let isDown = true;
    mockFetch((path) => (isDown ? (new TypeError('Failed to fetch') as never) : methods(['alipay'])(path)));
    const feedback = recordFeedback();
    renderPage(<PayMethodRadio />, { path: '/' });
    expect(await screen.findByText('The pay methods could not be loaded')).toBeTruthy();
    expect(feedback.error).not.toHaveBeenCalled();
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: /Alipay/ })).toBeTruthy();
  });
});
