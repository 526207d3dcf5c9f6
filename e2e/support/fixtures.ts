import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
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
    .poll(async () => {
      const response = await request.get(`http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/messages?to=${encodeURIComponent(email)}`);
      const messages = (await response.json()) as { text: string }[];
      if (messages.length <= after) return undefined;
      code = /(\d{6})/.exec(messages[messages.length - 1].text)?.[1];
      return code;
    }, { timeout: 15_000 })
    .toBeTruthy();
  return code as string;
}

export async function countMessages(request: APIRequestContext, email: string) {
  const response = await request.get(`http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/messages?to=${encodeURIComponent(email)}`);
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
  await post(request, 'merchant/member/user/register', { email, code, password: PASSWORD, confirm_password: PASSWORD, agree: true });
  return { email, password: PASSWORD };
}

/** Starts the browser in `lang` (the language a user would have picked), unless a page changed it since. */
export async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript(
    ([key, chosen]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, JSON.stringify({ state: { lang: chosen }, version: 1 }));
    },
    [SESSION_KEY, lang] as const,
  );
}

export async function loginThroughForm(page: Page, account: string, password: string, options: { path?: string; lang?: Lang } = {}) {
  await page.goto(options.path ?? '/login');
  const isEnglish = options.lang === 'en-US';
  const accountLabel = options.path?.includes('/admin/') ? (isEnglish ? 'Account' : '账号') : isEnglish ? 'Email or phone' : /邮箱或手机号/;
  await page.getByLabel(accountLabel, { exact: typeof accountLabel === 'string' }).fill(account);
  await page.getByLabel(isEnglish ? 'Password' : '密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: isEnglish ? 'Log in' : /登\s*录/ }).click();
}

export const test = base;
export { expect };
