import { ErrorCode } from '@parlour/contract/errors';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { merchantUserinfo, mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import RegisterPage from './register-page';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('register page', () => {
  it('sends a code and counts down 60 s before it can be sent again', async () => {
    // Only the countdown's clock is faked: the page's own rendering keeps real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { calls } = mockFetch(() => ({ code: 200, data: { resend_after: 60 } }));
    const feedback = recordFeedback();
    renderPage(<RegisterPage />, { path: '/register' });

    type('Email', 'new@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const countdown = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(countdown).toHaveProperty('disabled', true);
    expect(calls[0]?.url).toBe('/api/v1/merchant/common/code/email');
    expect(calls[0]?.body).toEqual({ email: 'new@example.com', event: 'register', lang_code: 'en-US' });
    expect(feedback.success).toHaveBeenCalledWith(
      'Code sent. If this email already has an account, we have emailed you how to sign in instead.',
    );

    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('button', { name: 'Resend in 59 s' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });

  it('does not send a code to an invalid address', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: { resend_after: 60 } }));
    recordFeedback();
    renderPage(<RegisterPage />, { path: '/register' });
    type('Email', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Email is not a valid address')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });

  it('counts down the retry_after of a throttled send', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    mockFetch(() => ({
      code: ErrorCode.TOO_MANY_REQUESTS,
      msg: 'Too many requests, please try again later',
      data: { retry_after: 37 },
    }));
    const feedback = recordFeedback();
    renderPage(<RegisterPage />, { path: '/register' });
    fireEvent.click(screen.getByRole('tab', { name: 'By phone' }));
    type('Phone number', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 37 s' })).toBeTruthy();
    expect(feedback.error).toHaveBeenCalledWith('Too many requests, please try again later');
  });

  it('shows the generic form error and the field rules when the form is not valid', async () => {
    const { calls } = mockFetch(() => ({ code: 200 }));
    const feedback = recordFeedback();
    renderPage(<RegisterPage />, { path: '/register' });
    type('Password', 'abc');
    type('Confirm password', 'abd');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red'));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Verification code is required')).toBeTruthy();
    expect(screen.getByText('Password must be 6-16 characters')).toBeTruthy();
    expect(screen.getByText('Confirm password does not match the password')).toBeTruthy();
    expect(screen.getByText('You must agree to the terms of service')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('registers by phone, signs the merchant in and opens the console', async () => {
    const { calls } = mockFetch(() => ({
      code: 200,
      data: { userinfo: { ...merchantUserinfo, email: null, mobile: '13800138000' } },
    }));
    const feedback = recordFeedback();
    renderPage(<RegisterPage />, { path: '/register' });
    fireEvent.click(screen.getByRole('tab', { name: 'By phone' }));
    type('Phone number', '13800138000');
    type('Verification code', 'A1B2C3');
    type('Password', 'Abc123!x');
    type('Confirm password', 'Abc123!x');
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree to the/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/platform');
    expect(calls[0]?.url).toBe('/api/v1/merchant/member/user/mobile_register');
    expect(calls[0]?.body).toEqual({
      mobile: '13800138000',
      code: 'A1B2C3',
      password: 'Abc123!x',
      confirm_password: 'Abc123!x',
      agree: true,
      lang_code: 'en-US',
    });
    expect(useSessionStore.getState().merchant.token).toBe('merchant-token');
    expect(feedback.success).toHaveBeenCalledWith('Welcome to Parlour! Your account is ready.');
  });

  it('falls back to the default registration failure message', async () => {
    mockFetch(() => ({ code: ErrorCode.REGISTER_FAILED, msg: '' }));
    const feedback = recordFeedback();
    renderPage(<RegisterPage />, { path: '/register' });
    type('Email', 'new@example.com');
    type('Verification code', 'A1B2');
    type('Password', 'Abc123!x');
    type('Confirm password', 'Abc123!x');
    fireEvent.click(screen.getByRole('checkbox', { name: /I have read and agree to the/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('Registration failed, please try again later'));
    expect(useSessionStore.getState().merchant.token).toBeNull();
  });
});
