import { ErrorCode } from '@parlour/contract/errors';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import ForgotPage from './forgot-page';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('forgot password page', () => {
  it('verifies the code, then sets the new password with it, then links to login', async () => {
    const { calls } = mockFetch((path) =>
      path.endsWith('check_ems') ? { code: 200, data: { valid: true } } : { code: 200, data: null },
    );
    recordFeedback();
    renderPage(<ForgotPage />, { path: '/forgot' });

    type('Email', 'Shop@Example.com');
    type('Verification code', 'ab12cd');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/v1/merchant/common/code/check_ems');
    expect(calls[0]?.body).toEqual({ email: 'shop@example.com', code: 'ab12cd', event: 'forgot', lang_code: 'en-US' });

    type('New password', 'Newpass1!');
    type('Confirm password', 'Newpass1!');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Your password has been reset')).toBeTruthy();
    expect(calls[1]?.url).toBe('/api/v1/merchant/member/user/forgot_password');
    expect(calls[1]?.body).toEqual({
      email: 'shop@example.com',
      code: 'ab12cd',
      password: 'Newpass1!',
      confirm_password: 'Newpass1!',
      lang_code: 'en-US',
    });
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  });

  it('stays on the first step when the code is wrong', async () => {
    mockFetch(() => ({ code: ErrorCode.CODE_INVALID, msg: 'The verification code is wrong or expired' }));
    const feedback = recordFeedback();
    renderPage(<ForgotPage />, { path: '/forgot' });
    fireEvent.click(screen.getByRole('tab', { name: 'By phone' }));
    type('Phone number', '13800138000');
    type('Verification code', '1234');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('The verification code is wrong or expired'));
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
