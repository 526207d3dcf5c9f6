import type { Page } from '@playwright/test';
import { MAIL_SINK_HTTP_PORT } from '../playwright.config';
import {
  OPERATOR,
  PASSWORD,
  countMessages,
  expect,
  loginThroughForm,
  merchantPage,
  openFromAccountMenu,
  registerMerchantByApi,
  test,
  useLanguage,
} from '../support/fixtures';
import { operatorPage } from '../support/operator-api';
import { setWidth, shot } from '../support/screenshots';
import { callApi, callApiRaw } from '../support/store-api';

/**
 * Changing the password while signed in, in the browser: a merchant (both languages) and the
 * operator (Chinese console) change their password on the account security page, another session is
 * signed out, the page keeps working, and the new password signs in. A returning merchant is
 * welcomed back.
 *
 * The product has no way to add a second operator account, so the operator test changes the shared
 * operator's password and changes it back in `finally`; it is tagged @serial so a parallel run can
 * put it in a serial project (other tests sign in as that operator).
 */

const NEW_PASSWORD = 'Changed#2026';
const TEXT = {
  'zh-CN': {
    menu: '账号安全',
    current: '当前密码',
    next: '新密码',
    confirm: '确认密码',
    submit: '修改密码',
    rules: '密码规则',
    changed: '密码已修改，已退出其他设备 2 台',
    welcomeBack: /^欢迎回来/,
    wrong: '当前密码不正确',
  },
  'en-US': {
    menu: 'Account security',
    current: 'Current password',
    next: 'New password',
    confirm: 'Confirm password',
    submit: 'Change password',
    rules: 'Password rules',
    changed: 'Your password is changed; other devices signed out: 2',
    welcomeBack: /^Welcome back/,
    wrong: 'Current password is not correct',
  },
} as const;

async function fillChange(page: Page, text: (typeof TEXT)[keyof typeof TEXT], current: string, next: string) {
  await page.getByLabel(text.current, { exact: true }).fill(current);
  await page.getByLabel(text.next, { exact: true }).fill(next);
  await page.getByLabel(text.confirm, { exact: true }).fill(next);
}

/** Screenshots of the filled form at 1440 and 375 px. */
async function shootForm(page: Page, name: string) {
  await page.getByRole('heading', { name: /登录密码|Password/ }).scrollIntoViewIfNeeded();
  await shot(page, `${name}-1440`);
  await setWidth(page, 375);
  await page.getByRole('list', { name: /密码规则|Password rules/ }).scrollIntoViewIfNeeded();
  await shot(page, `${name}-375`);
  await setWidth(page, 1440);
}

test.describe('[ACCOUNTS] change password', () => {
  for (const lang of ['zh-CN', 'en-US'] as const) {
    test(`[ACCOUNTS]: a merchant changes its password, other devices are signed out, the new one signs in (${lang})`, async ({
      browser,
      baseURL,
      request,
    }) => {
      test.setTimeout(150_000);
      const text = TEXT[lang];
      const { email } = await registerMerchantByApi(request);
      // Registering signed in a session too: with this one, two other sessions to sign out.
      const other = (
        await callApi<{ userinfo: { token: string } }>(request, 'merchant/member/user/login', {
          account: email,
          password: PASSWORD,
        })
      ).userinfo.token;
      const merchant = await merchantPage(browser, baseURL, lang, email, PASSWORD);
      const { page } = merchant;
      try {
        await page.goto('/platform');
        // Signed in after registering: welcomed back, not greeted as new.
        await expect(page.getByRole('heading', { level: 3, name: text.welcomeBack })).toBeVisible();
        await openFromAccountMenu(page, text.menu);
        await expect(page).toHaveURL(/\/merchant\/account\/security$/);

        // A wrong current password is shown on its field.
        await fillChange(page, text, 'Wrong#Pass1', NEW_PASSWORD);
        await page.getByRole('button', { name: text.submit }).click();
        await expect(page.getByText(text.wrong)).toBeVisible();

        await fillChange(page, text, PASSWORD, NEW_PASSWORD);
        await expect(page.getByRole('list', { name: text.rules }).locator('[data-met="true"]')).toHaveCount(5);
        await shootForm(page, `accounts-change-password-${lang}`);
        const mailsBefore = await countMessages(request, email);
        const answered = page.waitForResponse((response) =>
          response.url().endsWith('/merchant/member/user/change_password'),
        );
        await page.getByRole('button', { name: text.submit }).click();
        await answered;
        await expect(page.getByText(text.changed)).toBeVisible();

        // The other session is signed out; this one keeps working after a reload.
        expect((await callApiRaw(request, 'merchant/parlour/shop/lists', {}, { token: other })).code).toBe(10000);
        await page.reload();
        await expect(page.getByLabel(text.current, { exact: true })).toBeVisible();
        // The notice mail arrives.
        await expect.poll(() => countMessages(request, email), { timeout: 15_000 }).toBe(mailsBefore + 1);
        const mails = (await (
          await request.get(`http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/messages?to=${encodeURIComponent(email)}`)
        ).json()) as {
          text: string;
        }[];
        expect(mails.at(-1)?.text).toContain('/forgot');

        // The old password no longer signs in; the new one does.
        expect(
          (await callApiRaw(request, 'merchant/member/user/login', { account: email, password: PASSWORD })).code,
        ).toBe(11001);
        await page.evaluate(() => window.localStorage.clear());
        // Signed out on this device too; the login form keeps the language chosen before.
        await useLanguage(page, lang);
        await loginThroughForm(page, email, NEW_PASSWORD, { lang });
        await expect(page).toHaveURL(/\/platform$/);
      } finally {
        await merchant.close();
      }
    });
  }

  test('[ACCOUNTS]: the operator changes its password and signs in with the new one @serial', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    const text = TEXT['zh-CN'];
    let current: string = OPERATOR.password;
    const other = (await callApi<{ userinfo: { token: string } }>(request, 'admin/member/user/login', OPERATOR))
      .userinfo.token;
    const operator = await operatorPage(browser, baseURL, 'en-US');
    const { page } = operator;
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/platform');
      await openFromAccountMenu(page, text.menu);
      await expect(page).toHaveURL(/\/admin\/account\/security$/);
      await fillChange(page, text, OPERATOR.password, NEW_PASSWORD);
      await shootForm(page, 'accounts-change-password-operator');
      const answered = page.waitForResponse((response) =>
        response.url().endsWith('/admin/member/user/change_password'),
      );
      await page.getByRole('button', { name: text.submit }).click();
      const answer = (await (await answered).json()) as { code: number };
      if (answer.code === 200) current = NEW_PASSWORD;
      await expect(page.getByText(/密码已修改/)).toBeVisible();
      expect((await callApiRaw(request, 'admin/parlour/shop/lists', {}, { token: other })).code).toBe(10000);

      await page
        .getByRole('button', { name: /退出登录/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/admin\/login/);
      await loginThroughForm(page, OPERATOR.account, NEW_PASSWORD, { path: '/admin/login' });
      await expect(page).toHaveURL(/\/platform$/);
    } finally {
      // Whatever failed above, the operator's password is put back for the other tests.
      if (current !== OPERATOR.password) {
        const token = (
          await callApi<{ userinfo: { token: string } }>(request, 'admin/member/user/login', {
            account: OPERATOR.account,
            password: current,
          })
        ).userinfo.token;
        await callApi(
          request,
          'admin/member/user/change_password',
          { current_password: current, password: OPERATOR.password, confirm_password: OPERATOR.password },
          { token },
        );
      }
      await operator.close();
    }
  });
});
