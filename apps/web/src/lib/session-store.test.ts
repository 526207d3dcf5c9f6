import { describe, expect, it } from 'vitest';
import { adminUserinfo, merchantUserinfo } from '../test/helpers';
import { SESSION_STORAGE_KEY, useSessionStore } from './session-store';

describe('session store', () => {
  it('starts as a merchant in Chinese with no sessions', () => {
    const state = useSessionStore.getState();
    expect(state.loginType).toBe('merchant');
    expect(state.lang).toBe('zh-CN');
    expect(state.merchant.token).toBeNull();
    expect(state.admin.token).toBeNull();
  });

  it('keeps token and profile per role, and remembers the login type', () => {
    const { signIn } = useSessionStore.getState();
    signIn('merchant', merchantUserinfo);
    signIn('admin', adminUserinfo);
    const state = useSessionStore.getState();
    expect(state.loginType).toBe('admin');
    expect(state.merchant).toMatchObject({
      token: 'merchant-token',
      info: { nickname: 'Lucy', account: 'shop@example.com' },
    });
    expect(state.merchant.info).not.toHaveProperty('token');
    expect(state.admin).toMatchObject({ token: 'admin-token', info: { account: 'admin' } });
  });

  it('persists login type, language and sessions in localStorage, but not the menus', () => {
    const store = useSessionStore.getState();
    store.signIn('merchant', merchantUserinfo);
    store.setMenus('merchant', [{ path: '/merchant/store', titleKey: 'route.merchant.store' }]);
    store.setLang('en-US');
    const saved = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as { state: Record<string, unknown> };
    expect(saved.state).toMatchObject({
      loginType: 'merchant',
      lang: 'en-US',
      merchant: { token: 'merchant-token', menus: null },
    });
    expect(useSessionStore.getState().merchant.menus).toHaveLength(1);
  });

  it('clears one role without touching the other', () => {
    const store = useSessionStore.getState();
    store.signIn('merchant', merchantUserinfo);
    store.signIn('admin', adminUserinfo);
    store.clearSession('admin');
    expect(useSessionStore.getState().admin).toEqual({ token: null, expiresAt: null, info: null, menus: null });
    expect(useSessionStore.getState().merchant.token).toBe('merchant-token');
  });
});
