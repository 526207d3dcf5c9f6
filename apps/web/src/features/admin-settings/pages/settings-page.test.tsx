import type { TAllSettings } from '@parlour/contract/calls/settings';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import SettingsPage from './settings-page';

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
    smtp_host: 'smtp.example.com',
    smtp_port: 465,
    smtp_security: 'ssl',
    smtp_user: 'mailer',
    mail_sender: 'a@example.com',
    smtp_password_is_set: true,
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

describe('operator settings', { timeout: 20_000 }, () => {
  it('saves the site group with the contract rules checked first', async () => {
    const { calls } = mockFetch((path, body) => {
      if (path === 'admin/common/config/configList') return { code: 200, data: SETTINGS };
      if (path === 'admin/common/config/set_config')
        return { code: 200, data: { ...SETTINGS, site: (body as { values: TAllSettings['site'] }).values } };
      return { code: 10004 };
    });
    const feedback = recordFeedback();
    renderPage(<SettingsPage />, { path: '/admin/settings' });

    const name = await screen.findByLabelText('Site name');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Site name is required')).toBeTruthy();
    expect(bodiesOf(calls, 'admin/common/config/set_config')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Shop Cloud' } });
    fireEvent.change(screen.getByLabelText('ICP record number'), { target: { value: '京ICP备1号' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Settings saved'));
    expect(bodiesOf(calls, 'admin/common/config/set_config')[0]).toMatchObject({
      group: 'site',
      values: { site_name: 'Shop Cloud', record_number: '京ICP备1号' },
    });
  });

  it('shows whether a secret is set and keeps it when left empty; test-sends through the saved settings', async () => {
    const { calls } = mockFetch((path) => {
      if (path === 'admin/common/config/configList') return { code: 200, data: SETTINGS };
      if (path === 'admin/common/config/set_config') return { code: 200, data: SETTINGS };
      if (path === 'admin/common/config/test_send_email') return { code: 200, data: null };
      return { code: 10004 };
    });
    const feedback = recordFeedback();
    renderPage(<SettingsPage />, { path: '/admin/settings', url: '/admin/settings?tab=mail' });

    expect(await screen.findByText('Set')).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).placeholder).toBe('Set — leave empty to keep it');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf(calls, 'admin/common/config/set_config')).toHaveLength(1));
    expect(bodiesOf(calls, 'admin/common/config/set_config')[0]).toMatchObject({
      group: 'mail',
      values: { smtp_host: 'smtp.example.com', smtp_password: '' },
    });

    fireEvent.change(screen.getByLabelText('Recipient'), { target: { value: 'ops@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Send test/ }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Test message sent'));
    expect(bodiesOf(calls, 'admin/common/config/test_send_email')[0]).toMatchObject({ to: 'ops@example.com' });
  });

  it('saves the business time zone chosen by name, which the filters follow at once', async () => {
    const { calls } = mockFetch((path, body) => {
      if (path === 'admin/common/config/configList') return { code: 200, data: SETTINGS };
      if (path === 'admin/common/config/set_config')
        return {
          code: 200,
          data: {
            ...SETTINGS,
            platform: { ...SETTINGS.platform, ...(body as { values: TAllSettings['platform'] }).values },
          },
        };
      return { code: 10004 };
    });
    const feedback = recordFeedback();
    renderPage(<SettingsPage />, { path: '/admin/settings', url: '/admin/settings?tab=platform' });

    const zone = await screen.findByLabelText('Business time zone');
    expect(screen.getByText(/Asia\/Shanghai \(UTC\+08:00\)/)).toBeTruthy();
    fireEvent.mouseDown(zone);
    fireEvent.change(zone, { target: { value: 'Tokyo' } });
    fireEvent.click(await screen.findByText(/Asia\/Tokyo \(UTC\+09:00\)/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('Settings saved'));
    expect(bodiesOf(calls, 'admin/common/config/set_config')[0]).toMatchObject({
      group: 'platform',
      values: { grace_days: 7, business_time_zone: 'Asia/Tokyo' },
    });
    const { usePublicConfig } = await import('@/lib/public-config');
    const { renderHook } = await import('@testing-library/react');
    expect(renderHook(() => usePublicConfig()).result.current?.business_time_zone).toBe('Asia/Tokyo');
  });
});
