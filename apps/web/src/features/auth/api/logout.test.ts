import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useLoadingStore } from '@/lib/loading-store';
import { setNavigator } from '@/lib/navigator';
import { useSessionStore } from '@/lib/session-store';
import { adminUserinfo, merchantUserinfo, mockFetch, recordFeedback } from '@/test/helpers';
import { logoutAndLeave } from './logout';

describe('logout', () => {
  it('calls logout, waits 1 s, clears the role and goes to its login page', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setNavigator(navigate);
    recordFeedback();
    const { calls } = mockFetch(() => ({ code: 200, data: null }));
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    useSessionStore.getState().setMenus('merchant', []);

    const done = logoutAndLeave('merchant');
    expect(useLoadingStore.getState().isVisible).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[0]?.url).toBe('/api/v1/merchant/member/user/logout');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer merchant-token');

    await vi.advanceTimersByTimeAsync(999);
    expect(useSessionStore.getState().merchant.token).toBe('merchant-token');
    expect(navigate).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(useSessionStore.getState().merchant).toEqual({ token: null, expiresAt: null, info: null, menus: null });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(useLoadingStore.getState().isVisible).toBe(false);
  });

  it('says it is signing out during the delay and ignores a second click', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setNavigator(navigate);
    recordFeedback();
    const { calls } = mockFetch(() => ({ code: 200, data: null }));
    useSessionStore.getState().signIn('merchant', merchantUserinfo);
    render(createElement(LoadingOverlay));

    const done = logoutAndLeave('merchant');
    const again = logoutAndLeave('merchant');
    await vi.advanceTimersByTimeAsync(0);
    expect(screen.getByRole('status').textContent).toBe('Signing out…');
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all([done, again]);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();
    // The next overlay says "Loading…" again.
    expect(useLoadingStore.getState().messageKey).toBeNull();
  });

  it('takes an operator to the operator login page, even when the server call fails', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setNavigator(navigate);
    const feedback = recordFeedback();
    mockFetch(() => new TypeError('offline'));
    useSessionStore.getState().signIn('admin', adminUserinfo);
    const done = logoutAndLeave('admin');
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(navigate).toHaveBeenCalledWith('/admin/login', { replace: true });
    expect(useSessionStore.getState().admin.token).toBeNull();
    expect(feedback.error).not.toHaveBeenCalled();
  });
});
