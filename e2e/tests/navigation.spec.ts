import { APP_PORT, CONSOLE_HOST, SITE_HOST } from '../playwright.config';
import { DEMO_MERCHANT, OPERATOR, expect, loginThroughForm, test } from '../support/fixtures';

test.describe('[NAVIGATION]', () => {
  test('[NAVIGATION]: / opens the home page inside the site layout, /admin the operator login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
    await expect(page).toHaveTitle('首页 - Parlour');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page).toHaveTitle('运营登录 - Parlour');
  });

  test('[NAVIGATION]: an unknown path goes to /404, which sends visitors without a session to login', async ({
    page,
  }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login/);
    await loginThroughForm(page, DEMO_MERCHANT.account, DEMO_MERCHANT.password);
    await expect(page).toHaveURL(/\/platform$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('抱歉，你访问的页面不存在。')).toBeVisible();
  });

  test('[NAVIGATION]: a console page without a token goes to login with the full target, and back after login', async ({
    page,
  }) => {
    await page.goto('/merchant/bill?status=unpaid&page=2');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/merchant/bill?status=unpaid&page=2');
    await page.getByLabel(/邮箱或手机号/).fill(DEMO_MERCHANT.account);
    await page.getByLabel('密码', { exact: true }).fill(DEMO_MERCHANT.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/merchant\/bill\?status=unpaid&page=2$/);
    await expect(page).toHaveTitle('账单 - Parlour');
    // Page header: 70px high with 32px horizontal padding, titled from the route.
    const header = page.locator('.page-header').first();
    await expect(header).toContainText('账单');
    const box = await header.evaluate((element) => {
      const style = getComputedStyle(element);
      return { height: element.getBoundingClientRect().height, left: style.paddingLeft, right: style.paddingRight };
    });
    expect(box).toEqual({ height: 70, left: '32px', right: '32px' });
    // The same at a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await header.evaluate((element) => [
        element.getBoundingClientRect().height,
        getComputedStyle(element).paddingLeft,
      ]),
    ).toEqual([70, '32px']);
  });

  test('[NAVIGATION]: the login page while signed in goes to /platform; menu pages load after a reload', async ({
    page,
  }) => {
    await loginThroughForm(page, DEMO_MERCHANT.account, DEMO_MERCHANT.password);
    await expect(page).toHaveURL(/\/platform$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/platform$/);
    // A fresh page load has no menu routes in memory: they are loaded and the navigation retried.
    await page.goto('/merchant/store');
    await expect(page).toHaveURL(/\/merchant\/store$/);
    await expect(
      page.getByRole('navigation', { name: '控制台菜单' }).getByRole('link', { name: '店铺管理' }),
    ).toBeVisible();
    // An operator page is not part of the merchant's routes.
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('[NAVIGATION]: the login type is remembered: an operator who logs out returns to the operator login', async ({
    page,
  }) => {
    await loginThroughForm(page, OPERATOR.account, OPERATOR.password, { path: '/admin/login' });
    await expect(page).toHaveURL(/\/platform$/);
    await page.reload();
    await expect(
      page.getByRole('navigation', { name: '控制台菜单' }).getByRole('link', { name: '数据看板' }),
    ).toBeVisible();
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/platform');
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fplatform$/);
  });

  test('[NAVIGATION]: on the main-site host only site pages are reachable', async ({ page }) => {
    const site = `http://${SITE_HOST}:${APP_PORT}`;
    await page.goto(`${site}/pricing`);
    await expect(page).toHaveURL(`${site}/pricing`);
    await page.goto(`${site}/login`);
    await expect(page).toHaveURL(`${site}/index`);
    await page.goto(`${site}/merchant/store`);
    await expect(page).toHaveURL(`${site}/index`);
  });

  test('[NAVIGATION]: on the shop host /index goes to register, or to the console once signed in', async ({ page }) => {
    const shop = `http://${CONSOLE_HOST}:${APP_PORT}`;
    await page.goto(`${shop}/index`);
    await expect(page).toHaveURL(`${shop}/register`);
    await loginThroughForm(page, DEMO_MERCHANT.account, DEMO_MERCHANT.password, { path: `${shop}/login` });
    await expect(page).toHaveURL(`${shop}/platform`);
    await page.goto(`${shop}/index`);
    await expect(page).toHaveURL(`${shop}/platform`);
  });
});
