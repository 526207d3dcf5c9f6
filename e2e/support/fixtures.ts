import {
  expect,
  request as apiRequest,
  test as base,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { MAIL_SINK_HTTP_PORT } from '../playwright.config';

export type Lang = 'zh-CN' | 'en-US';
export const PASSWORD = 'Parlour#2026';
export const DEMO_MERCHANT = { account: 'demo@parlour.dev', password: 'Demo@2026' };
export const OPERATOR = { account: 'admin', password: 'Admin@2026' };
const SESSION_KEY = 'parlour-session';

let counter = 0;
export function uniqueEmail(prefix = 'e2e') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** The newest verification code the mail sink received for `email`, waiting for it to arrive. */
export async function latestCode(request: APIRequestContext, email: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/messages?to=${encodeURIComponent(email)}`,
        );
        const messages = (await response.json()) as { text: string }[];
        if (messages.length <= after) return undefined;
        code = /(\d{6})/.exec(messages[messages.length - 1].text)?.[1];
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code as string;
}

export async function countMessages(request: APIRequestContext, email: string) {
  const response = await request.get(
    `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/messages?to=${encodeURIComponent(email)}`,
  );
  return ((await response.json()) as unknown[]).length;
}

async function post<T>(request: APIRequestContext, path: string, body: Record<string, unknown>) {
  const response = await request.post(`/api/v1/${path}`, { data: { lang_code: 'en-US', ...body } });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Registers a merchant through the API, reading the code from the mail sink. */
export async function registerMerchantByApi(request: APIRequestContext, email = uniqueEmail()) {
  const before = await countMessages(request, email);
  await post(request, 'merchant/common/code/email', { email, event: 'register' });
  const code = await latestCode(request, email, before);
  await post(request, 'merchant/member/user/register', {
    email,
    code,
    password: PASSWORD,
    confirm_password: PASSWORD,
    agree: true,
  });
  return { email, password: PASSWORD };
}

/** Starts the browser in `lang` (the language a user would have picked), unless a page changed it since. */
export async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript(
    ([key, chosen]) => {
      if (!window.localStorage.getItem(key))
        window.localStorage.setItem(key, JSON.stringify({ state: { lang: chosen }, version: 1 }));
    },
    [SESSION_KEY, lang] as const,
  );
}

export async function loginThroughForm(
  page: Page,
  account: string,
  password: string,
  options: { path?: string; lang?: Lang } = {},
) {
  await page.goto(options.path ?? '/login');
  const isEnglish = options.lang === 'en-US';
  const accountLabel = options.path?.includes('/admin/')
    ? isEnglish
      ? 'Account'
      : '账号'
    : isEnglish
      ? 'Email or phone'
      : /邮箱或手机号/;
  await page.getByLabel(accountLabel, { exact: typeof accountLabel === 'string' }).fill(account);
  await page.getByLabel(isEnglish ? 'Password' : '密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: isEnglish ? 'Log in' : /登\s*录/ }).click();
}

/** Opens the console's account menu (top right, either console, either language) and picks an entry. */
export async function openFromAccountMenu(page: Page, entry: string) {
  await page.getByRole('button', { name: /账户菜单|Account menu/ }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

export type Role = 'merchant' | 'admin';
type Userinfo = { token: string; expires_at: string } & Record<string, unknown>;
interface RoleSession {
  token: string | null;
  expiresAt: string | null;
  info: Record<string, unknown> | null;
  menus: null;
}
const SIGNED_OUT: RoleSession = { token: null, expiresAt: null, info: null, menus: null };

/**
 * Signs in through the API, as the login form does, and answers the role's session as the console
 * keeps it in localStorage (apps/web/src/lib/session-store.ts: token and expiry beside the rest of
 * the userinfo, menus loaded by the navigation).
 */
async function sessionByApi(
  request: APIRequestContext,
  role: Role,
  account: string,
  password: string,
): Promise<RoleSession> {
  const { userinfo } = await post<{ userinfo: Userinfo }>(request, `${role}/member/user/login`, { account, password });
  const { token, expires_at: expiresAt, ...info } = userinfo;
  return { token, expiresAt, info, menus: null };
}

/** The persisted session store's value with `role` signed in and the console in `lang`. */
function sessionValue(role: Role, session: RoleSession, lang: Lang) {
  return JSON.stringify({
    state: { loginType: role, lang, merchant: SIGNED_OUT, admin: SIGNED_OUT, [role]: session },
    version: 1,
  });
}

/**
 * A browser context of its own (so a merchant and an operator can be signed in side by side) whose
 * console session is already in storage: signed in through the API, not the form, which the tests
 * of signing in (auth.spec.ts, navigation.spec.ts) drive. Its page is blank: the test opens the screen
 * it is about (/platform for where the form's sign-in lands), so the console loads once, not twice
 * (a load of a console screen costs Chromium 1-2 s of CPU on the 2-core CI machines).
 */
async function signedInContext(
  browser: Browser,
  baseURL: string | undefined,
  role: Role,
  account: string,
  password: string,
  lang: Lang,
  viewport?: { width: number; height: number },
) {
  const api = await apiRequest.newContext({ baseURL });
  const session = await sessionByApi(api, role, account, password).finally(() => api.dispose());
  const storageState = {
    cookies: [],
    origins: [
      {
        origin: new URL(baseURL ?? '').origin,
        localStorage: [{ name: SESSION_KEY, value: sessionValue(role, session, lang) }],
      },
    ],
  };
  const context = await browser.newContext({ baseURL, locale: lang, viewport, storageState });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/**
 * A merchant signed in (through the API) in `lang`, in a browser context of its own (1440 px wide),
 * so an operator can be signed in beside it. The demo merchant unless told otherwise.
 */
export async function merchantPage(
  browser: Browser,
  baseURL: string | undefined,
  lang: Lang,
  account = DEMO_MERCHANT.account,
  password = DEMO_MERCHANT.password,
) {
  return signedInContext(browser, baseURL, 'merchant', account, password, lang, { width: 1440, height: 900 });
}

/** The operator signed in (through the API) in a context of its own, the browser set to `browserLang`. */
export async function operatorContext(browser: Browser, baseURL: string | undefined, browserLang: Lang) {
  return signedInContext(browser, baseURL, 'admin', OPERATOR.account, OPERATOR.password, browserLang);
}

/**
 * Signs `page` in through the API (for tests that are not about signing in): the session goes into
 * the console's storage, keeping the language the page already chose (useLanguage), then `path`
 * opens (/platform, where the form's sign-in lands, unless told otherwise; with null nothing opens
 * and the test goes to its screen itself). Open the screen the test is about here rather than
 * /platform first: each console load costs Chromium 1-2 s of CPU on the 2-core CI machines.
 */
export async function signInByApi(
  page: Page,
  role: Role,
  account: string,
  password: string,
  options: { path?: string | null; lang?: Lang } = {},
) {
  const session = await sessionByApi(page.request, role, account, password);
  // Any page of the origin gives access to its storage; the health check is the smallest.
  await page.goto('/healthz');
  await page.evaluate(
    ([key, signedIn, chosenRole, chosenLang, signedOut]) => {
      const current =
        (JSON.parse(localStorage.getItem(key) ?? 'null') as { state?: Record<string, unknown> } | null)?.state ?? {};
      const state = {
        merchant: signedOut,
        admin: signedOut,
        ...current,
        loginType: chosenRole,
        lang: chosenLang ?? current.lang ?? 'zh-CN',
        [chosenRole]: signedIn,
      };
      localStorage.setItem(key, JSON.stringify({ state, version: 1 }));
    },
    [SESSION_KEY, session, role, options.lang, SIGNED_OUT] as const,
  );
  if (options.path !== null) await page.goto(options.path ?? '/platform');
}

/** The marker the page-side listener prints for each `securitypolicyviolation` event. */
const CSP_VIOLATION_MARKER = '[csp-violation]';

/**
 * Whether a console message reports a blocked resource or a header the browser refused: Chromium's
 * own CSP and Permissions-Policy messages, and the marker of the `securitypolicyviolation` listener.
 */
export function isSecurityPolicyMessage(text: string) {
  return text.includes(CSP_VIOLATION_MARKER) || /Content Security Policy|Permissions-Policy/i.test(text);
}

/** Collects CSP violations and Permissions-Policy errors of every page a context opens. */
export async function watchSecurityPolicy(context: BrowserContext, violations: string[]) {
  context.on('console', (message) => {
    const text = message.text();
    if (isSecurityPolicyMessage(text)) violations.push(`${message.location().url}: ${text}`);
  });
  await context.addInitScript((marker) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${marker} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, CSP_VIOLATION_MARKER);
}

/**
 * Every browser test fails when a page it opened reported a CSP violation (docs/SECURITY.md,
 * Headers and caching): the console and the cashier must work under the policy of
 * plugins/security-headers.ts. Covers the test's own context and any context it opens with
 * browser.newContext().
 */
export const test = base.extend<{ securityPolicyViolations: string[] }>({
  securityPolicyViolations: [
    async ({ context, browser, reducedMotion }, use) => {
      const violations: string[] = [];
      await watchSecurityPolicy(context, violations);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        // The config's motion setting (playwright.config.ts), which Playwright gives only the test's own context.
        const [options, ...rest] = args;
        const opened = await newContext({ reducedMotion, ...options }, ...rest);
        await watchSecurityPolicy(opened, violations);
        return opened;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'content security policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
