import {
  DEMO_MERCHANT,
  OPERATOR,
  expect,
  loginThroughForm,
  test,
  useLanguage,
  type Lang,
  signInByApi,
} from '../support/fixtures';
import { shot } from '../support/screenshots';

const zhPricingTitle = '适合每个阶段的简单方案';
const publicScreens: { path: string; title: Record<Lang, string>; heading: Record<Lang, RegExp> }[] = [
  {
    path: '/index',
    title: { 'zh-CN': '首页 - Parlour', 'en-US': 'Home - Parlour' },
    heading: { 'zh-CN': /1688/, 'en-US': /Launch your agent store/ },
  },
  {
    path: '/pricing',
    title: { 'zh-CN': '价格 - Parlour', 'en-US': 'Pricing - Parlour' },
    heading: { 'zh-CN': new RegExp(zhPricingTitle), 'en-US': /Simple plans/ },
  },
  {
    path: '/login',
    title: { 'zh-CN': '登录 - Parlour', 'en-US': 'Log in - Parlour' },
    heading: { 'zh-CN': /登录/, 'en-US': /Log in to Parlour/ },
  },
  {
    path: '/register',
    title: { 'zh-CN': '注册 - Parlour', 'en-US': 'Sign up - Parlour' },
    heading: { 'zh-CN': /注册商户账号/, 'en-US': /Create your merchant account/ },
  },
  {
    path: '/forgot',
    title: { 'zh-CN': '忘记密码 - Parlour', 'en-US': 'Forgot password - Parlour' },
    heading: { 'zh-CN': /重置密码/, 'en-US': /Reset your password/ },
  },
  {
    path: '/test',
    title: { 'zh-CN': '诊断信息 - Parlour', 'en-US': 'Diagnostics - Parlour' },
    heading: { 'zh-CN': /诊断信息/, 'en-US': /Diagnostics/ },
  },
];

for (const lang of ['zh-CN', 'en-US'] as const) {
  test.describe(`[SCREENS] ${lang}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, lang);
    });

    for (const screen of publicScreens) {
      test(`[SCREENS]: ${screen.path} in ${lang}`, async ({ page }) => {
        await page.goto(screen.path);
        await expect(page).toHaveTitle(screen.title[lang]);
        await expect(page.getByRole('heading', { name: screen.heading[lang] }).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await shot(page, `${lang}${screen.path.replace(/\//g, '_')}`);
      });
    }

    test(`[SCREENS]: the client id is 21 alphanumeric characters kept across loads (${lang})`, async ({ page }) => {
      await page.goto('/test');
      const first = (await page.getByTestId('client-id').textContent())?.trim();
      expect(first).toMatch(/^[A-Za-z0-9]{21}$/);
      await page.reload();
      await expect(page.getByTestId('client-id')).toHaveText(first as string);
    });

    test(`[SCREENS]: merchant welcome, the plugin page and 404 in ${lang}`, async ({ page }) => {
      await signInByApi(page, 'merchant', DEMO_MERCHANT.account, DEMO_MERCHANT.password, { lang });
      await expect(page).toHaveURL(/\/platform$/);
      await expect(page).toHaveTitle(lang === 'zh-CN' ? '欢迎 - Parlour' : 'Welcome - Parlour');
      // "Welcome to Parlour" on the demo merchant's first sign-in of the run (another test may have signed in before).
      const greeting = lang === 'zh-CN' ? /欢迎回来|欢迎加入 Parlour/ : /Welcome back|Welcome to Parlour/;
      await expect(page.getByRole('heading', { name: greeting })).toBeVisible();
      await shot(page, `${lang}_welcome`);
      await page.goto('/merchant/plugin');
      await expect(page).toHaveTitle(lang === 'zh-CN' ? '插件 - Parlour' : 'Plugins - Parlour');
      await expect(page.getByRole('tab', { name: lang === 'zh-CN' ? '我的插件' : 'My plugins' })).toBeVisible();
      await shot(page, `${lang}_merchant_plugin`);
      await page.goto('/404');
      await expect(
        page.getByText(lang === 'zh-CN' ? '抱歉，你访问的页面不存在。' : 'Sorry, the page you visited does not exist.'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: lang === 'zh-CN' ? /返回首页/ : /Back home/ })).toBeVisible();
      await shot(page, `${lang}_404`);
    });
  });
}

test('[SCREENS]: the operator console stays Chinese whatever language was chosen', async ({ page }) => {
  await useLanguage(page, 'en-US');
  await page.goto('/admin/login');
  await expect(page).toHaveTitle('运营登录 - Parlour');
  await shot(page, 'admin_login');
  await loginThroughForm(page, OPERATOR.account, OPERATOR.password, { path: '/admin/login' });
  await expect(page).toHaveURL(/\/platform$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { name: /欢迎回来/ })).toBeVisible();
  await shot(page, 'admin_welcome');
});

test('[SCREENS]: the language switcher changes the page and antd texts, and is remembered', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/登录/);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to Parlour');
  await expect(page).toHaveTitle('Log in - Parlour');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to Parlour');
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/登录/);
});
