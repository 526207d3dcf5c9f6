import type { Call } from '@parlour/contract/call';
import { TOKEN_EXPIRED_FLAG_RESET_MS, TOKEN_EXPIRED_REDIRECT_MS } from '@parlour/contract/constants';
import { ErrorCode, errorKeyOf } from '@parlour/contract/errors';
import { createElement, lazy, Suspense } from 'react';
import { isLoginPath, loginPath } from './access';
import type { ApiError, CallOptions } from './api-error';
import { feedback } from './feedback';
import { i18n } from './i18n';
import { currentFullPath, navigateTo } from './navigator';
import { useSessionStore } from './session-store';

/**
 * How failed calls look in the console, decided in this one file (after Ant Design Pro's
 * requestErrorConfig.ts). The request layer hands every failure here; a call site can opt out of
 * the message with `skipErrorHandler`, never out of the token-expiry handling.
 */

/** Logout calls sign the user out themselves: a 10000 answer there is not news. */
function isLogoutCall(call: Call): boolean {
  return call.path.endsWith('/member/user/logout');
}

let isHandlingTokenExpiry = false;

/**
 * Code 10000: say so once, however many calls fail together; after 1.5 s clear that role's
 * session and go to its login page; 1 s later the next expiry may be reported again (spec §8, §9).
 */
function handleTokenExpired(call: Call): void {
  if (isHandlingTokenExpiry) return;
  isHandlingTokenExpiry = true;
  feedback.error(i18n.t('errors:TOKEN_EXPIRED'));
  setTimeout(() => {
    const here = currentFullPath();
    useSessionStore.getState().clearSession(call.role);
    navigateTo(loginPath(call.role, isLoginPath(window.location.pathname) ? undefined : here), { replace: true });
    setTimeout(() => {
      isHandlingTokenExpiry = false;
    }, TOKEN_EXPIRED_FLAG_RESET_MS);
  }, TOKEN_EXPIRED_REDIRECT_MS);
}

function isSkipped(skip: CallOptions['skipErrorHandler'], code: number | undefined): boolean {
  if (skip === true) return true;
  if (Array.isArray(skip) && code !== undefined) return skip.includes(code);
  return false;
}

/** The text shown for a failure, in the interface language. */
export function errorMessageFor(error: ApiError, options: CallOptions = {}): string {
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return i18n.t('request.networkError');
    case 'http':
      return error.message || i18n.t('request.httpError', { status: error.status });
    case 'invalid-response':
    case 'aborted':
      return i18n.t('errors:UNKNOWN_ERROR');
    case 'business': {
      if (error.message.trim() !== '') return error.message;
      if (options.fallbackError) return i18n.t(`errors:${options.fallbackError}`);
      return i18n.t(`errors:${(error.code !== undefined && errorKeyOf(error.code)) || 'UNKNOWN_ERROR'}`);
    }
  }
}

const ServerErrorMessage = lazy(() => import('./server-error-message'));

/** Seconds a server failure's message stays: long enough to copy its request id. */
const SERVER_ERROR_DURATION_S = 10;

/** A failure on the server's side (a SERVER_ERROR answer, an HTTP 5xx): the user can only quote it to support. */
function isServerFailure(error: ApiError): boolean {
  if (error.kind === 'business') return error.code === ErrorCode.SERVER_ERROR;
  return error.kind === 'http' && (error.status ?? 0) >= 500;
}

export function handleRequestError(error: ApiError, call: Call, options: CallOptions): void {
  if (error.kind === 'business' && error.code === ErrorCode.TOKEN_EXPIRED) {
    if (!isLogoutCall(call)) handleTokenExpired(call);
    return;
  }
  if (error.kind === 'aborted' || isSkipped(options.skipErrorHandler, error.code)) return;
  const message = errorMessageFor(error, options);
  if (isServerFailure(error) && error.requestId) {
    // The plain message until the component has loaded (it loads with antd's message component).
    const content = createElement(
      Suspense,
      { fallback: message },
      createElement(ServerErrorMessage, { message, requestId: error.requestId }),
    );
    feedback.error(content, SERVER_ERROR_DURATION_S);
    return;
  }
  feedback.error(message);
}
