import type { Page } from '@playwright/test';
import { expect, loginThroughForm, registerMerchantByApi, test, useLanguage, type Lang } from '../support/fixtures';
import { callApi, createOperatingStore, createRenewalBill, merchantToken } from '../support/store-api';
import { setWidth, shot } from '../support/screenshots';

/** What a new user tripped over, in both languages at 1440 and 375 px. */
const TEXT = {
  'zh-CN': {
    coming: '即将推出',
    storefront: /粘贴电商平台链接或按关键词搜索/,
    notPromised: /优惠券|满减|多币种结算|订单与物流|会员管理/,
    storeName: '新用户测试店',
    apexTitle: '该根域名暂时无法指向店铺',
    apexBody: /平台运营方尚未公布这些地址/,
    next: '下一步',
    domain: '域名',
    simulateFailure: '模拟支付失败',
    otherMethod: '更换支付方式',
    payBill: '支付账单',
  },
  'en-US': {
    coming: 'Coming next',
    storefront: /paste a marketplace link or search by keyword/,
    notPromised: /coupon|spend-and-save|multi-currency checkout|order and shipping management|members \(/i,
    storeName: 'New user test store',
    apexTitle: 'This root domain cannot point at the store yet',
    apexBody: /the platform operator has not published them/,
    next: 'Next',
    domain: 'Domain',
    simulateFailure: 'Simulate a failed payment',
    otherMethod: 'Choose another method',
    payBill: 'Pay bill',
  },
} as const;

/** How far apart (px) the text baselines of `selector`'s elements are: a zero-size inline block sits on each one's baseline. */
async function baselineSpread(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((items) => {
    const bottoms = items.map((item) => {
      const probe = document.createElement('span');
      probe.style.cssText = 'display:inline-block;width:0;height:0';
      item.prepend(probe);
      const bottom = probe.getBoundingClientRect().bottom;
      probe.remove();
      return bottom;
    });
    return Math.max(...bottoms) - Math.min(...bottoms);
  });
}

/** Elements matching `selector` whose text is cut (wider than their box). */
async function cutOff(page: Page, selector: string) {
  return page
    .locator(selector)
    .evaluateAll((items) =>
      items.filter((item) => item.scrollWidth > item.clientWidth + 1).map((item) => item.textContent),
    );
}

const WHOLE_DOMAINS_AND_RETRY =
  '[STORES]: whole domains in the store list, an apex domain without published platform addresses, ' +
  'and another method after a failed payment';

for (const lang of ['zh-CN', 'en-US'] as const satisfies readonly Lang[]) {
  const text = TEXT[lang];

  test(`[SITE]: the home and pricing pages promise what a store does today, name what is coming, and line the platform names up (${lang})`, async ({
    page,
  }) => {
    await useLanguage(page, lang);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width < 768 ? 800 : 900 });
      await page.goto('/index');
      const coming = page.locator('section').filter({ has: page.getByRole('heading', { name: text.coming }) });
      await expect(coming).toContainText(text.storefront);
      await expect(coming.locator('li')).toHaveCount(3);
      await expect(page.locator('.sources__item')).toHaveCount(4);
      if (width === 1440) expect(await baselineSpread(page, '.sources__item')).toBeLessThanOrEqual(0.5);
      expect(await page.locator('body').innerText()).not.toMatch(text.notPromised);
      await shot(page, `site-home-${lang}-${width}`);

      await page.goto('/pricing');
      await expect(page.getByRole('heading', { name: text.coming })).toBeVisible();
      await expect(page.locator('.version-grid')).toBeVisible();
      expect(await page.locator('body').innerText()).not.toMatch(text.notPromised);
      await shot(page, `site-pricing-${lang}-${width}`);
    }
  });

  test(`${WHOLE_DOMAINS_AND_RETRY} (${lang})`, async ({ page, request }) => {
    test.slow();
    const merchant = await registerMerchantByApi(request);
    const token = await merchantToken(request, merchant.email, merchant.password);
    const { shop } = await createOperatingStore(
      request,
      token,
      { shop_id: `wholedomain${Date.now().toString(36)}`, shop_name: text.storeName, contact_email: merchant.email },
      lang,
    );
    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginThroughForm(page, merchant.email, merchant.password, { lang });
    await expect(page).toHaveURL(/\/platform$/);

    // The store list's domain column shows the whole system domain at 1440 px.
    await page.goto('/merchant/store');
    const domainLink = page.locator('.ant-table-tbody a').filter({ hasText: shop.domain! });
    await expect(domainLink).toBeVisible({ timeout: 30_000 });
    await expect(domainLink).toHaveText(shop.domain!);
    expect(
      await domainLink.evaluate(
        (link) => link.scrollWidth <= link.clientWidth + 1 && !link.className.includes('ellipsis'),
      ),
    ).toBe(true);
    expect(await cutOff(page, '.ant-table-tbody a')).toEqual([]);
    await shot(page, `store-list-domain-${lang}-1440`);

    // An apex: no platform addresses are configured in the browser tests' server, so no record is offered that cannot work.
    const apex = `apex${Date.now().toString(36)}.com`;
    await page.goto(`/merchant/setting/domain_add?shop_id=${shop.shop_id}`);
    await page.getByLabel(text.domain, { exact: true }).fill(apex);
    await page.getByRole('button', { name: text.next }).click();
    const warning = page.getByRole('alert').filter({ hasText: text.apexTitle });
    await expect(warning).toContainText(text.apexBody);
    await expect(warning).toContainText(`www.${apex}`);
    // The records table offers only the TXT record (the warning above explains why there is no CNAME).
    const records = page.locator('.domain-step table tbody');
    await expect(records).toContainText('TXT');
    await expect(records).not.toContainText('CNAME');
    await expect(records.getByRole('row')).toHaveCount(1);
    await shot(page, `domain-apex-unpublished-${lang}-1440`);
    await setWidth(page, 375);
    await expect(warning).toBeVisible();
    await shot(page, `domain-apex-unpublished-${lang}-375`);

    // A failed payment at the sandbox cashier offers the way to another method: the bill's pay dialog.
    await setWidth(page, 1440);
    const renewal = await createRenewalBill(request, token, shop.shop_id, { term_type: 'month', term: 1 }, lang);
    await page.goto(renewal.payment.pay_url);
    await page.getByRole('button', { name: text.simulateFailure }).click();
    // The failure's alert (the sandbox cashier's own notice is an alert too).
    const failure = page.getByRole('alert').filter({ has: page.getByRole('link', { name: text.otherMethod }) });
    await expect(failure).toBeVisible();
    await shot(page, `cashier-failed-${lang}-1440`, { fullPage: false });
    await failure.getByRole('link', { name: text.otherMethod }).click();
    await expect(page).toHaveURL(
      new RegExp(`/merchant/bill\\?keyword=${renewal.bill.bill_no}&pay=${renewal.bill.bill_no}`),
    );
    const dialog = page.getByRole('dialog', { name: text.payBill });
    await expect(dialog).toContainText(renewal.bill.bill_no);
    await shot(page, `bill-pay-other-method-${lang}-1440`, { fullPage: false });
    await setWidth(page, 375);
    await expect(dialog).toBeVisible();
    await shot(page, `bill-pay-other-method-${lang}-375`, { fullPage: false });
    expect(
      (
        await callApi<{ list: Array<{ bill_no: string; status: string }> }>(
          request,
          'merchant/order/order/lists',
          { keyword: renewal.bill.bill_no, page: 1, limit: 10 },
          { token },
        )
      ).list[0].status,
    ).toBe('unpaid');
  });
}
