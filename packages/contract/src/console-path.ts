/**
 * A link into the console on the page's own origin, as notices and plugin descriptions may carry it:
 * an absolute path such as `/merchant/plugin?shop_id=lucy&tab=market` or `/merchant/bill#unpaid`.
 * One leading slash and then only URL characters: no scheme, no second slash or backslash after the
 * first (`//host` and `/\host` are other hosts to a browser), no backslash, whitespace or control
 * character anywhere (browsers drop tabs and newlines from URLs, turning `/<tab>/host` into `//host`),
 * nothing outside ASCII (percent-encode it). Checked on the decoded attribute value.
 */
const CONSOLE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

/** Whether `href` is a same-origin console path (see above); the server keeps such links, the console follows them in the app. */
export function isConsolePath(href: string): boolean {
  return CONSOLE_PATH.test(href);
}

/** Where the cashier page of a bill lives in the console (`/cashier/<bill_no>?token=…`). */
export const CASHIER_PATH_PREFIX = '/cashier/';
