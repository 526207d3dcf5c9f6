import type { Locator, Page } from '@playwright/test';
import { clearName, publishRecord } from '../support/dns-zone';
import { expect, merchantPage, registerMerchantByApi, test, type Lang } from '../support/fixtures';
import { horizontalOverflow, operatorPage } from '../support/operator-api';
import { callApi, callApiRaw, createOperatingStore, merchantToken } from '../support/store-api';
import { setWidth, shot } from '../support/screenshots';

/**
 * Domains (docs/domains.md) in the browser: a store's domains. A merchant adds a domain in three
 * steps (fill → verify DNS → complete) against the tests' DNS server (support/dns-server.mjs, the
 * server's DNS_SERVERS), sees each precise failure reason, makes the bound domain primary, turns on
 * a redirect and removes a domain; the "Add domain" button stops at the store's maximum. The
 * operator manages a store's domains from the operator store list. Screenshots at 1440 and 375 px
 * in both languages.
 */

/** Each screen at a desktop and a phone width: nothing may run off the side. */
async function shotAtWidths(page: Page, name: string) {
  for (const width of [375, 1440]) {
    // Measured once the layout has settled at the new width (the table turns into cards below 768 px).
    await setWidth(page, width);
    await expect
      .poll(() => horizontalOverflow(page), `${name} at ${width} px runs off the side`)
      .toBeLessThanOrEqual(0);
    await shot(page, `domains-${name}-${width}`);
  }
}

/** Interface texts (apps/web/src/locales) and the API's failure reasons (packages/contract/src/calls/domain.ts). */
const TEXT = {
  'zh-CN': {
    domainsAction: '配置域名',
    addDomain: '添加域名',
    domainLabel: '域名',
    next: '下一步',
    required: '请输入域名',
    invalid: /域名格式不正确/,
    platformHost: '域名不能是平台自身的域名',
    recordsTitle: (domain: string) => `请在域名服务商处为 ${domain} 添加以下 DNS 记录`,
    propagation: 'DNS 记录修改后约需 10 分钟生效',
    copyValue: '复制记录值',
    check: /^检\s*查$/,
    failed: '域名验证失败',
    nxdomain: '域名在 DNS 中不存在（NXDOMAIN）',
    cnameElsewhere: (target: string) => `CNAME 记录指向了 ${target}`,
    txtMissing: '未找到 _parlour-verify TXT 验证记录',
    txtMismatch: '_parlour-verify TXT 记录的值与验证码不符',
    bound: (domain: string) => `${domain} 已绑定`,
    nextTitle: '接下来',
    certificate: 'HTTPS 证书',
    backToList: '返回域名管理',
    system: '系统分配',
    manual: '手动添加',
    statusBound: '已绑定',
    statusBinding: '绑定中',
    primary: '主域名',
    makePrimary: '设为主域名',
    primaryChanged: (domain: string) => `已将 ${domain} 设为主域名`,
    redirectToggle: (domain: string) => `${domain} 跳转到主域名`,
    remove: /^删\s*除$/,
    removed: (domain: string) => `已删除域名 ${domain}`,
    limitReached: '该店铺的自定义域名已达上限',
  },
  'en-US': {
    domainsAction: 'Domains',
    addDomain: 'Add domain',
    domainLabel: 'Domain',
    next: 'Next',
    required: 'Domain is required',
    invalid: /Domain must be a name such as shop\.example\.com/,
    platformHost: "Domain cannot be one of the platform's own hosts",
    recordsTitle: (domain: string) => `Create these DNS records for ${domain} at your DNS provider`,
    propagation: 'DNS changes take about 10 minutes to take effect',
    copyValue: 'Copy Value',
    check: /^Check$/,
    failed: 'Domain verification failed',
    nxdomain: 'The domain does not exist in DNS (NXDOMAIN)',
    cnameElsewhere: (target: string) => `The CNAME record points at ${target}`,
    txtMissing: 'The _parlour-verify TXT verification record was not found',
    txtMismatch: 'The _parlour-verify TXT record does not hold the verification token',
    bound: (domain: string) => `${domain} is bound`,
    nextTitle: 'What happens next',
    certificate: 'HTTPS certificate',
    backToList: 'Back to domains',
    system: 'System',
    manual: 'Custom',
    statusBound: 'Bound',
    statusBinding: 'Binding',
    primary: 'Primary',
    makePrimary: 'Make primary',
    primaryChanged: (domain: string) => `${domain} is now the primary domain`,
    redirectToggle: (domain: string) => `Redirect ${domain} to the primary domain`,
    remove: /^Remove$/,
    removed: (domain: string) => `Removed ${domain}`,
    limitReached: 'This store has reached its limit of',
  },
} as const;

interface ApiDomain {
  id: number;
  domain: string;
  type: 'system' | 'manual';
  status: 'binding' | 'bound';
  is_primary: boolean;
  is_redirect: boolean;
}
interface ApiDomainList {
  list: ApiDomain[];
  limit: number;
}

const rowWith = (page: Page, text: string): Locator => page.getByRole('row').filter({ hasText: text });

/** A bound domain's name in its row is a link to the store at that domain (the console's scheme and port), opened in a new tab without an opener. */
async function expectStoreLink(row: Locator, domain: string, port: string) {
  const link = row.getByRole('link', { name: domain, exact: true });
  await expect(link).toHaveAttribute('href', `http://${domain}:${port}/`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
}

/** The token the verify step shows in the TXT record, as the merchant would copy it. */
async function tokenOnScreen(page: Page, domain: string) {
  const txtRow = rowWith(page, `_parlour-verify.${domain}`);
  await expect(txtRow).toBeVisible();
  const value = (await txtRow.locator('code').nth(1).textContent())?.trim() ?? '';
  expect(value).toMatch(/^parlour-verify-/);
  return value;
}

/** The failure the verify step shows after "Check". */
async function checkFails(page: Page, lang: Lang, reason: string) {
  const text = TEXT[lang];
  // Checked again and again on the same screen: the button's name is exactly "Check" only when no
  // loading icon is left in it (antd's own icon animation used to stay behind after a quick answer).
  await page.getByRole('button', { name: text.check }).click();
  const alert = page.getByRole('alert').filter({ hasText: text.failed });
  await expect(alert).toBeVisible();
  await expect(page.getByTestId('domain-failure-reason')).toContainText(reason);
  await expect(page.getByRole('button', { name: text.check })).toBeEnabled();
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`[DOMAINS]: adds a domain in three steps against DNS, makes it primary, redirects, removes one and stops at the maximum (${lang})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const account = await registerMerchantByApi(request);
    const token = await merchantToken(request, account.email, account.password);
    const { shop } = await createOperatingStore(
      request,
      token,
      { shop_name: `Domains ${lang}`, contact_email: account.email },
      lang,
    );
    const systemDomain = `${shop.shop_id}.localhost`;
    const domain = `www.${shop.shop_id}.com`;
    const merchant = await merchantPage(browser, baseURL, lang, account.email, account.password);
    const page = merchant.page;
    try {
      // The store row's "Domains" action opens domain management with the store chosen.
      await page.goto('/merchant/store');
      await rowWith(page, shop.shop_id).getByRole('link', { name: text.domainsAction }).click();
      await expect(page).toHaveURL(new RegExp(`/merchant/setting/domain\\?shop_id=${shop.shop_id}$`));
      const systemRow = rowWith(page, systemDomain);
      await expect(systemRow).toContainText(text.system);
      await expect(systemRow).toContainText(text.statusBound);
      await expect(systemRow).toContainText(text.primary);
      // A bound domain opens the store on that domain in a new tab.
      const port = new URL(baseURL ?? '').port;
      await expectStoreLink(systemRow, systemDomain, port);
      const [front] = await Promise.all([
        page.waitForEvent('popup'),
        systemRow.getByRole('link', { name: systemDomain }).click(),
      ]);
      await front.waitForLoadState();
      expect(new URL(front.url()).host).toBe(`${systemDomain}:${port}`);
      await expect(front.getByRole('heading', { level: 1 })).toHaveText(`Domains ${lang}`);
      expect(await front.evaluate(() => window.opener)).toBeNull();
      await front.close();

      // Step 1: the domain, refused in the viewer's language by the form and by the server.
      await page.getByRole('link', { name: text.addDomain }).click();
      await expect(page).toHaveURL(new RegExp(`/merchant/setting/domain_add\\?shop_id=${shop.shop_id}$`));
      const field = page.getByLabel(text.domainLabel, { exact: true });
      await page.getByRole('button', { name: text.next }).click();
      await expect(page.getByText(text.required)).toBeVisible();
      await field.fill('https://shop.example.com/path');
      await page.getByRole('button', { name: text.next }).click();
      await expect(page.getByText(text.invalid)).toBeVisible();
      await field.fill('www.parlour.test');
      await page.getByRole('button', { name: text.next }).click();
      await expect(page.getByText(text.platformHost)).toBeVisible();
      await shot(page, `domains-fill-error-${lang}-1440`);
      await field.fill(domain.toUpperCase());
      await page.getByRole('button', { name: text.next }).click();

      // Step 2: the records to create, with copy buttons; every failure reason is said exactly.
      await expect(page).toHaveURL(new RegExp(`domain=${domain.replace(/\./g, '\\.')}$`));
      await expect(page.getByRole('heading', { name: text.recordsTitle(domain) })).toBeVisible();
      await expect(page.getByText(text.propagation)).toBeVisible();
      const cnameRow = rowWith(page, 'CNAME');
      await expect(cnameRow).toContainText(domain);
      await expect(cnameRow).toContainText(systemDomain);
      await expect(page.getByRole('button', { name: text.copyValue })).toHaveCount(2);
      const verifyToken = await tokenOnScreen(page, domain);

      await checkFails(page, lang, text.nxdomain);
      await publishRecord(request, { name: domain, type: 'CNAME', value: 'elsewhere.example.net' });
      await checkFails(page, lang, text.cnameElsewhere('elsewhere.example.net'));
      await clearName(request, domain);
      await publishRecord(request, { name: domain, type: 'CNAME', value: systemDomain });
      await checkFails(page, lang, text.txtMissing);
      await publishRecord(request, { name: `_parlour-verify.${domain}`, type: 'TXT', value: 'someone-elses-token' });
      await checkFails(page, lang, text.txtMismatch);
      await shotAtWidths(page, `verify-failed-${lang}`);
      await page.setViewportSize({ width: 1440, height: 900 });

      // A reload keeps the step (the domain is in the URL) and the last failure.
      await page.reload();
      await expect(page.getByRole('heading', { name: text.recordsTitle(domain) })).toBeVisible();
      await expect(page.getByTestId('domain-failure-reason')).toContainText(text.txtMismatch);

      await clearName(request, `_parlour-verify.${domain}`);
      await publishRecord(request, { name: `_parlour-verify.${domain}`, type: 'TXT', value: verifyToken });
      await page.getByRole('button', { name: text.check }).click();

      // Step 3: bound, and what happens next; a reload and the back button keep it.
      await expect(page.getByText(text.bound(domain), { exact: true })).toBeVisible();
      await expect(page.getByText(text.nextTitle)).toBeVisible();
      await expect(page.getByText(text.certificate)).toBeVisible();
      await page.reload();
      await expect(page.getByText(text.bound(domain), { exact: true })).toBeVisible();
      await shotAtWidths(page, `complete-${lang}`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goBack();
      await expect(page.getByRole('button', { name: text.next })).toBeVisible();
      await page.goForward();
      await expect(page.getByText(text.bound(domain), { exact: true })).toBeVisible();

      // The list: the new domain is bound; made primary (with a confirmation), the system domain redirects to it.
      await page.getByRole('link', { name: text.backToList }).click();
      const newRow = rowWith(page, domain);
      await expect(newRow).toContainText(text.manual);
      await expect(newRow).toContainText(text.statusBound);
      await expectStoreLink(newRow, domain, port);
      await newRow.getByRole('button', { name: text.makePrimary }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: text.makePrimary }).click();
      await expect(page.getByText(text.primaryChanged(domain))).toBeVisible();
      await expect(newRow).toContainText(text.primary);
      const redirect = page.getByRole('switch', { name: text.redirectToggle(systemDomain) });
      await redirect.click();
      await expect(redirect).toBeChecked();
      const afterPrimary = await callApi<ApiDomainList>(
        request,
        'merchant/parlour/domain/lists',
        { shop_id: shop.shop_id },
        { token },
      );
      expect(afterPrimary.list.find((entry) => entry.domain === domain)).toMatchObject({
        is_primary: true,
        status: 'bound',
      });
      expect(afterPrimary.list.find((entry) => entry.type === 'system')).toMatchObject({
        is_primary: false,
        is_redirect: true,
      });

      // A custom domain is removed after a confirmation.
      const spare = `spare.${shop.shop_id}.com`;
      await callApi(request, 'merchant/parlour/domain/add', { shop_id: shop.shop_id, domain: spare }, { token });
      await page.reload();
      const spareRow = rowWith(page, spare);
      await expect(spareRow).toContainText(text.statusBinding);
      // Binding: its records are not in place yet, so it is not a link.
      await expect(spareRow.getByRole('link', { name: spare })).toHaveCount(0);
      await spareRow.getByRole('button', { name: text.remove }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: text.remove }).click();
      await expect(page.getByText(text.removed(spare))).toBeVisible();
      await expect(spareRow).toHaveCount(0);

      // At the store's maximum, "Add domain" is disabled and says why.
      // Added through the API until it refuses at the limit (12031 DOMAIN_LIMIT_REACHED).
      for (let index = 1, code = 200; code === 200 && index <= 10; index += 1) {
        ({ code } = await callApiRaw(
          request,
          'merchant/parlour/domain/add',
          { shop_id: shop.shop_id, domain: `extra${index}.${shop.shop_id}.com` },
          { token },
        ));
        expect([200, 12031]).toContain(code);
      }
      await page.reload();
      await expect(page.getByText(text.limitReached).first()).toBeVisible();
      // A disabled link button is an anchor without its address.
      await expect(page.locator('a.ant-btn', { hasText: text.addDomain })).toHaveAttribute('aria-disabled', 'true');
      await shotAtWidths(page, `list-${lang}`);
    } finally {
      await merchant.close();
    }
  });
}

test("[DOMAINS]: the operator manages a store's domains from the operator store list (zh-CN)", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const text = TEXT['zh-CN'];
  const account = await registerMerchantByApi(request);
  const token = await merchantToken(request, account.email, account.password);
  const { shop } = await createOperatingStore(
    request,
    token,
    { shop_name: '运营代管域名', contact_email: account.email },
    'zh-CN',
  );
  const systemDomain = `${shop.shop_id}.localhost`;
  const domain = `ops.${shop.shop_id}.com`;
  const operator = await operatorPage(browser, baseURL);
  const page = operator.page;
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/admin/store?keyword=${shop.shop_id}`);
    await rowWith(page, shop.shop_id).getByRole('link', { name: '域名' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/setting/domain\\?shop_id=${shop.shop_id}$`));
    await expect(rowWith(page, systemDomain)).toContainText(text.primary);

    // The operator adds a domain on the merchant's behalf and verifies it.
    await page.getByRole('link', { name: text.addDomain }).click();
    await page.getByLabel(text.domainLabel, { exact: true }).fill(domain);
    await page.getByRole('button', { name: text.next }).click();
    await expect(page.getByRole('heading', { name: text.recordsTitle(domain) })).toBeVisible();
    const verifyToken = await tokenOnScreen(page, domain);
    await publishRecord(request, { name: domain, type: 'CNAME', value: systemDomain });
    await publishRecord(request, { name: `_parlour-verify.${domain}`, type: 'TXT', value: verifyToken });
    await page.getByRole('button', { name: text.check }).click();
    await expect(page.getByText(text.bound(domain), { exact: true })).toBeVisible();

    // The merchant sees it; the operator removes it again.
    const merchantView = await callApi<ApiDomainList>(
      request,
      'merchant/parlour/domain/lists',
      { shop_id: shop.shop_id },
      { token },
    );
    expect(merchantView.list.find((entry) => entry.domain === domain)).toMatchObject({
      status: 'bound',
      type: 'manual',
    });
    await page.getByRole('link', { name: text.backToList }).click();
    await expect(rowWith(page, domain)).toContainText(text.statusBound);
    await expectStoreLink(rowWith(page, domain), domain, new URL(baseURL ?? '').port);
    await expectStoreLink(rowWith(page, systemDomain), systemDomain, new URL(baseURL ?? '').port);
    await shotAtWidths(page, 'operator-list-zh-CN');
    await page.setViewportSize({ width: 1440, height: 900 });
    await rowWith(page, domain).getByRole('button', { name: text.remove }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: text.remove }).click();
    await expect(page.getByText(text.removed(domain))).toBeVisible();
    await expect(rowWith(page, domain)).toHaveCount(0);
  } finally {
    await operator.close();
  }
});
