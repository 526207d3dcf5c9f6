import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { MailSettingsForm } from './mail-settings-form';
import { SmsSettingsForm } from './sms-settings-form';
import { WecomSettingsForm } from './wecom-settings-form';

const MAIL = {
  smtp_host: 'smtp.example.com',
  smtp_port: 465,
  smtp_security: 'ssl' as const,
  smtp_user: 'mailer',
  mail_sender: 'Parlour <no-reply@example.com>',
  smtp_password_is_set: true,
};
const SMS = {
  sms_provider: 'aliyun' as const,
  access_key_id: 'LTAI5tKey',
  sign_name: 'Parlour',
  template_code: 'SMS_1',
  notice_template_code: '',
  access_key_secret_is_set: true,
};
const WECOM = { webhook_url_is_set: true, webhook_url_masked: 'https://qyapi.weixin.qq.com/…a5aa' };

/** The server's side: saves succeed, anything else is not expected. */
const answerSaves = (path: string) =>
  path === 'admin/common/config/set_config' ? { code: 200, data: {} } : { code: 10004, msg: `no answer for ${path}` };
const savesOf = (calls: { url: string; body: unknown }[]) =>
  calls.filter((call) => call.url === '/api/v1/admin/common/config/set_config').map((call) => call.body);

/**
 * The mail, SMS and WeCom groups hold a write-only secret (useSaveWithSecret): its field starts
 * empty and an empty one is sent as '' (keep the stored secret); a typed one is sent, then the
 * field is emptied again once saved.
 */
describe('settings forms with a write-only secret', { timeout: 20_000 }, () => {
  it.each([
    [
      'mail',
      <MailSettingsForm values={MAIL} />,
      'Password',
      'smtp_password',
      { smtp_host: 'smtp.example.com', smtp_user: 'mailer' },
      'new-Secret-1',
    ],
    [
      'sms',
      <SmsSettingsForm values={SMS} />,
      'AccessKey Secret',
      'access_key_secret',
      { sms_provider: 'aliyun', access_key_id: 'LTAI5tKey' },
      'new-Secret-1',
    ],
    [
      'wecom',
      <WecomSettingsForm values={WECOM} />,
      'Robot webhook URL',
      'webhook_url',
      {},
      'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7aaa-4bc4-97a0-0ec2a5aa5aaa',
    ],
  ] as const)(
    '%s: keeps the stored secret when left empty, sends a typed one and empties its field after saving',
    async (group, form, label, field, kept, typed) => {
      const { calls } = mockFetch(answerSaves);
      const feedback = recordFeedback();
      renderPage(form, { path: '/admin/settings' });
      const secret = (await screen.findByLabelText(label)) as HTMLInputElement;
      expect(secret.value).toBe('');

      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(savesOf(calls)).toHaveLength(1));
      expect(savesOf(calls)[0]).toEqual(
        expect.objectContaining({ group, values: expect.objectContaining({ ...kept, [field]: '' }) }),
      );

      fireEvent.change(secret, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(savesOf(calls)).toHaveLength(2));
      expect(savesOf(calls)[1]).toEqual(
        expect.objectContaining({ group, values: expect.objectContaining({ [field]: typed }) }),
      );
      await waitFor(() => expect(secret.value).toBe(''));
      expect(feedback.success).toHaveBeenCalledWith('Settings saved');
    },
  );

  it('sms: saves the security notice template, refusing one with other characters on that field', async () => {
    const { calls } = mockFetch(answerSaves);
    recordFeedback();
    renderPage(<SmsSettingsForm values={SMS} />, { path: '/admin/settings' });
    const notice = await screen.findByLabelText('Security notice template code');
    fireEvent.change(notice, { target: { value: 'SMS-4711' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SMS template code may contain only letters, digits and underscores')).toBeTruthy();
    expect(savesOf(calls)).toHaveLength(0);

    fireEvent.change(notice, { target: { value: 'SMS_4711' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savesOf(calls)).toHaveLength(1));
    const values = expect.objectContaining({ template_code: 'SMS_1', notice_template_code: 'SMS_4711' });
    expect(savesOf(calls)[0]).toEqual(expect.objectContaining({ group: 'sms', values }));
  });
});
