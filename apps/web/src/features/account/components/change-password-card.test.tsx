import { ErrorCode } from '@parlour/contract/errors';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { adminUserinfo, merchantUserinfo, mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import { ChangePasswordCard } from './change-password-card';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const metRules = () =>
  within(screen.getByRole('list', { name: 'Password rules' }))
    .getAllByRole('listitem')
    .filter((item) => item.getAttribute('data-met') === 'true')
    .map((item) => item.textContent?.replace(/\(met\)/, '').trim());

describe('change password card', { timeout: 20_000 }, () => {
  it('ticks the rules as the new password is typed, then changes it and says how many devices were signed out', async () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    const { calls } = mockFetch(() => ({ code: 200, data: { ended_sessions: 2 } }));
    const feedback = recordFeedback();
    renderPage(<ChangePasswordCard role="merchant" />, { path: '/merchant/account/security' });

    expect(metRules()).toEqual([]);
    type('New password', 'abc');
    await waitFor(() => expect(metRules()).toEqual(['A lower-case letter']));
    type('New password', 'Newpass1!');
    await waitFor(() =>
      expect(metRules()).toEqual([
        '6-16 characters',
        'An upper-case letter',
        'A lower-case letter',
        'A digit',
        'A special character, e.g. # @ !',
      ]),
    );

    type('Current password', 'Oldpass1!');
    type('Confirm password', 'Newpass1!');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(
      () => expect(feedback.success).toHaveBeenCalledWith('Your password is changed; other devices signed out: 2'),
      { timeout: 10_000 },
    );
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/v1/merchant/member/user/change_password');
    expect(calls[0].body).toEqual({
      current_password: 'Oldpass1!',
      password: 'Newpass1!',
      confirm_password: 'Newpass1!',
      lang_code: 'en-US',
    });
    expect(calls[0].headers.get('authorization')).toBe('Bearer merchant-token');
    expect(calls[0].headers.get('idempotency-key')).toBeTruthy();
    // The form is emptied: the passwords do not stay on screen.
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('refuses a mismatched confirmation and a new password equal to the current one before calling', async () => {
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    const { calls } = mockFetch(() => ({ code: 200, data: { ended_sessions: 0 } }));
    recordFeedback();
    renderPage(<ChangePasswordCard role="merchant" />, { path: '/merchant/account/security' });
    type('Current password', 'Same#Pass1');
    type('New password', 'Same#Pass1');
    type('Confirm password', 'Other#Pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Confirm password does not match the password', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(
      await screen.findByText('New password must differ from the current password', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows a wrong current password on that field, on the operator call', async () => {
    useSessionStore.getState().signIn('admin', adminUserinfo);
    const { calls } = mockFetch(() => ({
      code: ErrorCode.VALIDATION_FAILED,
      msg: 'Current password is not correct',
      data: { errors: [{ field: 'current_password', message: 'Current password is not correct' }] },
    }));
    const feedback = recordFeedback();
    renderPage(<ChangePasswordCard role="admin" />, { path: '/admin/account/security' });
    type('Current password', 'Wrong#Pass1');
    type('New password', 'Newpass1!');
    type('Confirm password', 'Newpass1!');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is not correct', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(calls[0].url).toBe('/api/v1/admin/member/user/change_password');
    expect(feedback.success).not.toHaveBeenCalled();
    // Shown on the field, not also as a message.
    expect(feedback.error).not.toHaveBeenCalled();
  });
});
