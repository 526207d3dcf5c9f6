import { ErrorCode } from '@parlour/contract/errors';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { adminUserinfo, merchantUserinfo, mockFetch, recordFeedback } from '@/test/helpers';
import { renderPage } from '@/test/render';
import AdminLoginPage from './admin-login-page';
import LoginPage from './login-page';

const CAPTCHA_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><path d="M0 0L10 10"/></svg>';

async function fillCredentials(account = 'shop@example.com', password = 'Secret1!') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email or phone'), account);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('login page', () => {
  it('signs a merchant in and follows the redirect query', async () => {
    const { calls } = mockFetch((path) =>
      path === 'merchant/member/user/login' ? { code: 200, data: { userinfo: merchantUserinfo } } : { code: 404 },
    );
    const feedback = recordFeedback();
    renderPage(<LoginPage />, { path: '/login', url: '/login?redirect=%2Fmerchant%2Fbill%3Fpage%3D2' });
    const user = await fillCredentials(' Shop@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/merchant/bill?page=2');
    expect(calls[0]?.body).toEqual({ account: 'shop@example.com', password: 'Secret1!', lang_code: 'en-US' });
    expect(useSessionStore.getState().merchant.token).toBe('merchant-token');
    expect(useSessionStore.getState().merchant.info).toMatchObject({ nickname: 'Lucy' });
    expect(useSessionStore.getState().loginType).toBe('merchant');
    expect(feedback.success).toHaveBeenCalledWith('Logged in');
  });

  it('lands on the full redirect target, hash included', async () => {
    mockFetch((path) =>
      path === 'merchant/member/user/login' ? { code: 200, data: { userinfo: merchantUserinfo } } : { code: 404 },
    );
    recordFeedback();
    const target = '/merchant/traffic?tab=logs#log-42';
    renderPage(<LoginPage />, { path: '/login', url: `/login?redirect=${encodeURIComponent(target)}` });
    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', target);
  });

  it('checks the fields with the contract rules before calling the server', async () => {
    const { calls } = mockFetch(() => ({ code: 200 }));
    const feedback = recordFeedback();
    renderPage(<LoginPage />, { path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email or phone'), 'not-an-account');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Account must be a valid email or phone number')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email or phone').getAttribute('aria-invalid')).toBe('true');
    expect(feedback.error).toHaveBeenCalledWith('Please check the fields marked in red');
    expect(calls).toHaveLength(0);
  });

  it('shows the captcha once the server says it is required, then requires and sends it', async () => {
    let loginAttempts = 0;
    let captchas = 0;
    const { calls } = mockFetch((path) => {
      if (path === 'merchant/common/captcha/image') {
        captchas += 1;
        return { code: 200, data: { captcha_id: `c${captchas}`, svg: CAPTCHA_SVG, expires_in: 120 } };
      }
      loginAttempts += 1;
      if (loginAttempts === 1)
        return { code: ErrorCode.LOGIN_FAILED, msg: 'Incorrect account or password', data: { captcha_required: true } };
      return { code: 200, data: { userinfo: merchantUserinfo } };
    });
    const feedback = recordFeedback();
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.queryByLabelText('Captcha')).toBeNull();

    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const image = await screen.findByRole('img', { name: 'Image with the characters to enter' });
    expect(image.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(CAPTCHA_SVG)}`);
    expect(feedback.error).toHaveBeenCalledWith('Incorrect account or password');
    expect(screen.getByText('Too many failed attempts. Enter the characters in the image to continue.')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v1/merchant/member/user/login',
      '/api/v1/merchant/common/captcha/image',
    ]);

    // Now the captcha must be filled.
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Captcha is required')).toBeTruthy();
    expect(calls).toHaveLength(2);

    // Clicking the image fetches a new one.
    await user.click(screen.getByRole('button', { name: 'Get a new image' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    await screen.findByRole('img', { name: 'Image with the characters to enter' });

    await user.type(screen.getByLabelText('Captcha'), 'x7k2');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/platform');
    expect(calls[3]?.body).toEqual({
      account: 'shop@example.com',
      password: 'Secret1!',
      captcha_id: 'c2',
      captcha_code: 'x7k2',
      lang_code: 'en-US',
    });
  });

  it('shows the captcha with the server message, not a toast, on "captcha required"', async () => {
    mockFetch((path) =>
      path === 'merchant/common/captcha/image'
        ? { code: 200, data: { captcha_id: 'c1', svg: CAPTCHA_SVG, expires_in: 120 } }
        : { code: ErrorCode.CAPTCHA_REQUIRED, msg: 'Too many failed logins, please enter the captcha' },
    );
    const feedback = recordFeedback();
    renderPage(<LoginPage />, { path: '/login' });
    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Too many failed logins, please enter the captcha')).toBeTruthy();
    expect(await screen.findByLabelText('Captcha')).toBeTruthy();
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('fetches a new captcha when the answer was wrong', async () => {
    let captchas = 0;
    let attempts = 0;
    mockFetch((path) => {
      if (path === 'merchant/common/captcha/image') {
        captchas += 1;
        return { code: 200, data: { captcha_id: `c${captchas}`, svg: CAPTCHA_SVG, expires_in: 120 } };
      }
      attempts += 1;
      return attempts === 1
        ? { code: ErrorCode.CAPTCHA_REQUIRED, msg: 'captcha' }
        : { code: ErrorCode.CAPTCHA_WRONG, msg: 'The captcha is wrong or expired' };
    });
    recordFeedback();
    renderPage(<LoginPage />, { path: '/login' });
    const user = await fillCredentials();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.type(await screen.findByLabelText('Captcha'), 'abcd');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(captchas).toBe(2));
    expect((screen.getByLabelText('Captcha') as HTMLInputElement).value).toBe('');
  });

  it('links to sign-up, password recovery and the operator login', () => {
    mockFetch(() => ({ code: 200 }));
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot');
    expect(screen.getByRole('link', { name: 'Operator login' }).getAttribute('href')).toBe('/admin/login');
    expect(screen.getByRole('button', { name: /中文/ })).toBeTruthy();
  });
});

describe('operator login page', () => {
  it('signs an operator in with account and password, without a language switcher', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: { userinfo: adminUserinfo } }));
    recordFeedback();
    renderPage(<AdminLoginPage />, { path: '/admin/login' });
    expect(screen.queryByRole('button', { name: /中文|English/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Merchant login' }).getAttribute('href')).toBe('/login');

    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Admin123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/platform');
    expect(calls[0]?.url).toBe('/api/v1/admin/member/user/login');
    expect(useSessionStore.getState().admin.token).toBe('admin-token');
    expect(useSessionStore.getState().loginType).toBe('admin');
  });

  it('asks an operator with two-factor sign-in for the code after the password', async () => {
    const { calls } = mockFetch((path, body) => {
      if (path === 'admin/member/user/login')
        return {
          code: ErrorCode.TWO_FACTOR_REQUIRED,
          msg: 'Enter the code',
          data: { challenge_id: 'challenge-1', expires_in: 300 },
        };
      return (body as { code: string }).code === '123456'
        ? { code: 200, data: { userinfo: adminUserinfo } }
        : { code: ErrorCode.TWO_FACTOR_CODE_INVALID, msg: 'Wrong code' };
    });
    const feedback = recordFeedback();
    renderPage(<AdminLoginPage />, { path: '/admin/login' });
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Admin123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const code = await screen.findByLabelText('Authentication code');
    // The password step's answer is the code step, not an error.
    expect(feedback.error).not.toHaveBeenCalled();
    expect(useSessionStore.getState().admin.token).toBeNull();
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(
      await screen.findByText('Authenticator code must be 6 digits, a recovery code looks like abcde-12345'),
    ).toBeTruthy();
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(feedback.error.mock.calls.map(([message]) => message)).toContain('Wrong code'));
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/platform');
    expect(calls.at(-1)?.body).toEqual({ challenge_id: 'challenge-1', code: '123456', lang_code: 'en-US' });
    expect(useSessionStore.getState().admin.token).toBe('admin-token');
  });

  it('goes back to the password step, saying why, when the code step expired', async () => {
    mockFetch((path) =>
      path === 'admin/member/user/login'
        ? {
            code: ErrorCode.TWO_FACTOR_REQUIRED,
            msg: 'Enter the code',
            data: { challenge_id: 'challenge-2', expires_in: 300 },
          }
        : {
            code: ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED,
            msg: 'The verification has expired, please sign in with your password again',
          },
    );
    const feedback = recordFeedback();
    renderPage(<AdminLoginPage />, { path: '/admin/login' });
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Admin123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(
      await screen.findByText('The verification has expired, please sign in with your password again'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
    expect(feedback.error).not.toHaveBeenCalled();
  });
});
