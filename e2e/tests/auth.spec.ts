import {
  PASSWORD,
  countMessages,
  expect,
  latestCode,
  loginThroughForm,
  registerMerchantByApi,
  test,
  uniqueEmail,
  useLanguage,
  OPERATOR,
} from '../support/fixtures';
import { E2E_CAPTCHA } from '../playwright.config';

test.describe('[AUTH]', () => {
  test('[AUTH]: registers by email, lands in the console, logs out and logs back in (zh-CN)', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reg-zh');
    await page.goto('/register');
    await expect(page).toHaveTitle('注册 - Parlour');
    await page.getByLabel('邮箱', { exact: true }).fill(email);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /\d+ 秒后重发/ })).toBeDisabled();
    const code = await latestCode(request, email);
    await page.getByLabel('验证码', { exact: true }).fill(code);
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByLabel('确认密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '注册', exact: true }).click();

    await expect(page).toHaveURL(/\/platform$/);
    // A new merchant is greeted as new, as returning only on a later sign-in.
    await expect(
      page.getByRole('heading', { name: new RegExp(`欢迎加入 Parlour，${email.split('@')[0]}`) }),
    ).toBeVisible();
    await expect(page).toHaveTitle('欢迎 - Parlour');

    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await loginThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/platform$/);
    await expect(page.getByRole('heading', { name: new RegExp(`欢迎回来，${email.split('@')[0]}`) })).toBeVisible();
  });

  test('[AUTH]: shows the rules of the shared schema before calling the server (en-US)', async ({ page }) => {
    await useLanguage(page, 'en-US');
    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('other');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByText('Email is not a valid address')).toBeVisible();
    await expect(page.getByText('Password must be 6-16 characters')).toBeVisible();
    await expect(page.getByText('Confirm password does not match the password')).toBeVisible();
    await expect(page.getByText('You must agree to the terms of service')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('[AUTH]: registers and signs in in English', async ({ page, request }) => {
    await useLanguage(page, 'en-US');
    const email = uniqueEmail('reg-en');
    await page.goto('/register');
    await expect(page).toHaveTitle('Sign up - Parlour');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    const code = await latestCode(request, email);
    await page.getByLabel('Verification code', { exact: true }).fill(code);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page).toHaveURL(/\/platform$/);
    await expect(page.getByRole('heading', { name: /Welcome to Parlour/ })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Stores' }),
    ).toBeVisible();
  });

  test('[AUTH]: asks for the captcha after five failures and accepts it', async ({ page, request }) => {
    const { email } = await registerMerchantByApi(request);
    await page.goto('/login');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await page.getByLabel(/邮箱或手机号/).fill(email);
      await page.getByLabel('密码', { exact: true }).fill(`Wrong#${attempt}abc`);
      await page.getByRole('button', { name: '登录' }).click();
      await expect(page.getByText('账号或密码错误').last()).toBeVisible();
    }
    const captcha = page.getByLabel('图形验证码');
    await expect(captcha).toBeVisible();
    await expect(page.getByRole('button', { name: '换一张' })).toBeVisible();

    // The right password alone is not enough any more.
    await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByText('请输入图形验证码').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    await captcha.fill(E2E_CAPTCHA);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/platform$/);
  });

  test('[AUTH]: resets a forgotten password in two steps', async ({ page, request }) => {
    const { email } = await registerMerchantByApi(request);
    const before = await countMessages(request, email);
    await page.goto('/forgot');
    await expect(page).toHaveTitle('忘记密码 - Parlour');
    await page.getByLabel('邮箱', { exact: true }).fill(email);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = await latestCode(request, email, before);
    await page.getByLabel('验证码', { exact: true }).fill(code);
    await page.getByRole('button', { name: '下一步' }).click();

    const newPassword = 'Fresh#Pass9';
    await page.getByLabel('新密码', { exact: true }).fill(newPassword);
    await page.getByLabel('确认密码', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('密码已重置')).toBeVisible();
    await page.getByRole('link', { name: '返回登录' }).click();

    await loginThroughForm(page, email, PASSWORD);
    await expect(page.getByText('账号或密码错误').last()).toBeVisible();
    await loginThroughForm(page, email, newPassword);
    await expect(page).toHaveURL(/\/platform$/);
  });

  test('[AUTH]: an operator signs in to a Chinese console with the operator menu, and out to the operator login', async ({
    page,
  }) => {
    await useLanguage(page, 'en-US');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await loginThroughForm(page, OPERATOR.account, OPERATOR.password, { path: '/admin/login' });
    await expect(page).toHaveURL(/\/platform$/);
    const menu = page.getByRole('navigation', { name: '控制台菜单' });
    for (const entry of [
      '数据看板',
      '商户管理',
      '店铺管理',
      '插件管理',
      '流量管理',
      '版本管理',
      '公告管理',
      '意向客户',
      '账单管理',
      '系统设置',
    ]) {
      await expect(menu.getByRole('link', { name: entry })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'English' })).toHaveCount(0);
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
