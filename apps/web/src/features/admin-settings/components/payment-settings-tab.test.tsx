import type { TAllSettings } from '@parlour/contract/calls/settings';
import type { TPaymentSettings } from '@parlour/contract/calls/payment-settings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import SettingsPage from '../pages/settings-page';

const SETTINGS: TAllSettings = {
  site: {
    site_name: 'Parlour',
    domain: '',
    keywords: '',
    description: '',
    logo: '',
    ico: '',
    record_number: '',
    copyright: '',
    service_phone: '',
  },
  mail: {
    smtp_host: '',
    smtp_port: 465,
    smtp_security: 'ssl',
    smtp_user: '',
    mail_sender: '',
    smtp_password_is_set: false,
  },
  sms: {
    sms_provider: 'none',
    access_key_id: '',
    sign_name: '',
    template_code: '',
    notice_template_code: '',
    access_key_secret_is_set: false,
  },
  wecom: { webhook_url_is_set: false, webhook_url_masked: '' },
  platform: {
    captcha_failure_threshold: 5,
    store_limit_per_merchant: 5,
    domains_per_store: 3,
    payment_window_minutes: 30,
    grace_days: 7,
    business_time_zone: 'Asia/Shanghai',
    require_admin_two_factor: false,
    reserved_shop_ids: [],
    reserved_shop_ids_fixed: ['admin', 'www'],
  },
};
const NOTIFY = 'https://console.example.com/api/v1/payment/notify';
const common = { enabled: false, environment: 'sandbox' as const, endpoint: '', is_configured: false };
const PAYMENT: TPaymentSettings = {
  wechat: {
    ...common,
    app_id: '',
    merchant_id: '',
    merchant_serial_no: '',
    platform_public_key: '',
    platform_public_key_id: '',
    merchant_private_key_is_set: false,
    api_v3_key_is_set: false,
    notify_url: `${NOTIFY}/wechat`,
  },
  alipay: {
    ...common,
    app_id: '2021000000000001',
    seller_id: '',
    alipay_public_key: '',
    app_private_key_is_set: true,
    notify_url: `${NOTIFY}/alipay`,
  },
  paypal: {
    ...common,
    client_id: '',
    webhook_id: '',
    currency: 'USD',
    rate: '0.14',
    client_secret_is_set: false,
    notify_url: `${NOTIFY}/paypal`,
  },
  is_sandbox_on: false,
};

const bodiesOf = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.url === `/api/v1/${path}`).map((call) => call.body);
const section = (name: string) =>
  screen.getByText(name, { selector: '.ant-card-head-title span' }).closest('.ant-card') as HTMLElement;

describe('payment settings tab', { timeout: 30_000 }, () => {
  it('shows secrets as set or not, sends a secret only when typed, after a confirmation', async () => {
    const { calls } = mockFetch((path, body) => {
      if (path === 'admin/common/config/configList') return { code: 200, data: SETTINGS };
      if (path === 'admin/common/payment/settings') return { code: 200, data: PAYMENT };
      if (path === 'admin/common/payment/set_settings') {
        const values = (body as { values: Record<string, unknown> }).values;
        return {
          code: 200,
          data: {
            ...PAYMENT,
            alipay: { ...PAYMENT.alipay, seller_id: values.seller_id, enabled: true, is_configured: true },
          },
        };
      }
      return { code: 10004 };
    });
    const feedback = recordFeedback();
    renderPage(<SettingsPage />, { path: '/admin/settings', url: '/admin/settings?tab=payment' });

    const alipay = await waitFor(() => section('Alipay'));
    expect(within(alipay).getByText('Set')).toBeTruthy();
    expect((within(alipay).getByLabelText(/App private key/) as HTMLTextAreaElement).value).toBe('');
    expect(within(alipay).getByText(`${NOTIFY}/alipay`)).toBeTruthy();
    expect(within(section('WeChat Pay')).getAllByText('Not set')).toHaveLength(2);

    fireEvent.click(within(alipay).getByRole('switch'));
    fireEvent.change(within(alipay).getByLabelText(/Seller ID/), { target: { value: '2088000000000001' } });
    fireEvent.click(within(alipay).getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Save the Alipay settings?')).length).toBeGreaterThan(0);
    expect(bodiesOf(calls, 'admin/common/payment/set_settings')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1) as HTMLElement);
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Alipay settings saved'));
    expect(bodiesOf(calls, 'admin/common/payment/set_settings')[0]).toMatchObject({
      method: 'alipay',
      values: { enabled: true, app_id: '2021000000000001', seller_id: '2088000000000001', app_private_key: '' },
    });
    expect(await within(section('Alipay')).findByText('Offered to merchants')).toBeTruthy();
    // Saved: the button is ready for the next save, which asks again.
    await waitFor(() => expect(within(section('Alipay')).getByRole('button', { name: 'Save' })).toBeTruthy());
    fireEvent.change(within(section('Alipay')).getByLabelText(/App private key/), { target: { value: 'another key' } });
    fireEvent.click(within(section('Alipay')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Save the Alipay settings?').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1) as HTMLElement);
    await waitFor(() => expect(bodiesOf(calls, 'admin/common/payment/set_settings')).toHaveLength(2));
    expect(bodiesOf(calls, 'admin/common/payment/set_settings')[1]).toMatchObject({
      values: { app_private_key: 'another key' },
    });
    await waitFor(() => expect(within(section('Alipay')).getByRole('button', { name: 'Save' })).toBeTruthy());
    fireEvent.change(within(section('Alipay')).getByLabelText(/App private key/), { target: { value: 'third key' } });
    fireEvent.click(within(section('Alipay')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Save the Alipay settings?').length).toBeGreaterThan(0));
  });

  it("shows the server's refusal on the named field and the provider's own error of a test", async () => {
    const { calls } = mockFetch((path) => {
      if (path === 'admin/common/config/configList') return { code: 200, data: SETTINGS };
      if (path === 'admin/common/payment/settings') return { code: 200, data: PAYMENT };
      if (path === 'admin/common/payment/set_settings') {
        return {
          code: 10001,
          msg: 'Rate must be a number above 0',
          data: { errors: [{ field: 'values.rate', message: 'Rate must be a number above 0 (server)' }] },
        };
      }
      if (path === 'admin/common/payment/test_connection')
        return { code: 200, data: { ok: false, error: 'isv.invalid-signature 验签出错' } };
      return { code: 10004 };
    });
    recordFeedback();
    renderPage(<SettingsPage />, { path: '/admin/settings', url: '/admin/settings?tab=payment' });

    const paypal = await waitFor(() => section('PayPal'));
    fireEvent.click(within(paypal).getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Save the PayPal settings?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1) as HTMLElement);
    await waitFor(() => expect(bodiesOf(calls, 'admin/common/payment/set_settings')).toHaveLength(1));
    expect(await within(paypal).findByText('Rate must be a number above 0 (server)')).toBeTruthy();

    fireEvent.click(within(paypal).getByRole('button', { name: /Test connection/ }));
    expect(await within(paypal).findByText('isv.invalid-signature 验签出错')).toBeTruthy();
  });
});
