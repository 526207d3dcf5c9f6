import type { TAllSettings } from '@parlour/contract/calls/settings';
import type { TExchangeRates } from '@parlour/contract/calls/store-pricing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

const bodiesOf = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.url === `/api/v1/${path}`).map((call) => call.body);

describe('operator exchange rates tab', { timeout: 20_000 }, () => {
  it('publishes the rates typed, checked first, with the refused ones shown on their fields', async () => {
    let published: TExchangeRates = { rates: { USD: '0.138' }, updated_at: null };
    let refuses = false;
    const { calls } = mockFetch((path, body) => {
      if (path === 'admin/common/config/configList') return { code: 200, data: SETTINGS };
      if (path === 'admin/setting/exchange_rates/detail') return { code: 200, data: published };
      if (path === 'admin/setting/exchange_rates/edit') {
        if (refuses)
          return {
            code: 10001,
            msg: 'The request has invalid fields',
            data: { errors: [{ field: 'rates.EUR', message: 'EUR refused by the server' }] },
          };
        published = { rates: (body as TExchangeRates).rates, updated_at: '2026-11-29T07:30:00.000Z' };
        return { code: 200, data: published };
      }
      return { code: 10004 };
    });
    const feedback = recordFeedback();
    renderPage(<SettingsPage />, { path: '/admin/settings', url: '/admin/settings?tab=rates' });

    const usd = (await screen.findByLabelText(/^USD · /)) as HTMLInputElement;
    expect(usd.value).toBe('0.138');
    expect(screen.getByTestId('rates-updated-at').textContent).toBe('No rates published yet');
    const eur = screen.getByLabelText(/^EUR · /);
    fireEvent.change(eur, { target: { value: '1,2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish rates' }));
    expect(
      await screen.findByText('An exchange rate must be a number above 0 (1 CNY in the currency, up to 8 decimals)'),
    ).toBeTruthy();
    expect(bodiesOf(calls, 'admin/setting/exchange_rates/edit')).toHaveLength(0);

    fireEvent.change(eur, { target: { value: ' 0.128 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish rates' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Rates published'));
    // Empty currencies are left out: not published.
    expect(bodiesOf(calls, 'admin/setting/exchange_rates/edit')[0]).toEqual({
      rates: { USD: '0.138', EUR: '0.128' },
      lang_code: 'en-US',
    });
    await waitFor(() =>
      expect(screen.getByTestId('rates-updated-at').textContent).toMatch(/^Last published: 2026-11-29/),
    );

    refuses = true;
    fireEvent.change(eur, { target: { value: '0.13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish rates' }));
    expect(await screen.findByText('EUR refused by the server')).toBeTruthy();
    expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red');
  });
});
