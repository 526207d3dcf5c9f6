import { adminLogout, merchantLogout } from '@parlour/contract/calls/account';
import { LOGOUT_DELAY_MS, type Role } from '@parlour/contract/constants';
import { useCallback } from 'react';
import { loginPath } from '@/lib/access';
import { feedback } from '@/lib/feedback';
import { i18n } from '@/lib/i18n';
import { hideLoading, showLoading } from '@/lib/loading-store';
import { navigateTo } from '@/lib/navigator';
import { callApi } from '@/lib/request';
import { useSessionStore } from '@/lib/session-store';

/** Revokes the role's session on the server; failures are not shown (the user is leaving anyway). */
export function logout(role: Role): Promise<null> {
  return callApi(role === 'admin' ? adminLogout : merchantLogout, {}, { skipErrorHandler: true });
}

/** The overlay outlasts the delay a little, so it cannot vanish before the page changes. */
const LOGOUT_OVERLAY_MARGIN_MS = 2_000;

/**
 * Logout as spec §4 has it: call logout, wait 1 s, clear the role's state, go to its login page.
 * The wait does not stretch past 1 s for a slow server: the token is revoked or expires either way.
 * During the wait the overlay says "Signing out…".
 */
let isSigningOut = false;

export async function logoutAndLeave(role: Role): Promise<void> {
  // A second click during the delay changes nothing: the overlay says it is signing out already.
  if (isSigningOut) return;
  isSigningOut = true;
  showLoading(LOGOUT_DELAY_MS + LOGOUT_OVERLAY_MARGIN_MS, 'shell.signingOut');
  try {
    logout(role).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, LOGOUT_DELAY_MS));
    useSessionStore.getState().clearSession(role);
    navigateTo(loginPath(role), { replace: true });
  } finally {
    hideLoading();
    isSigningOut = false;
  }
  feedback.success(i18n.t('shell.loggedOut'));
}

export function useLogout(role: Role) {
  return useCallback(() => logoutAndLeave(role), [role]);
}
