import { expect, loginThroughForm, test, useLanguage, type Lang } from '../support/fixtures';
import { shot } from '../support/screenshots';

const REQUEST_ID = 'req_3f9a0c1d2e4b5a6c7d8e';
const TEXT: Record<Lang, { message: string; requestId: string }> = {
  'zh-CN': { message: '服务器错误，请稍后再试', requestId: `请求编号 ${REQUEST_ID}` },
  'en-US': { message: 'Server error, please try again later', requestId: `Request ID ${REQUEST_ID}` },
};

/**
 * A server failure quotes its request id (docs/running.md, "Request ids"): the toast shows the
 * message and the id with a copy button, so a merchant can quote it to support. The API's side (the
 * id in the answer is the one in its log line) is apps/api/test/request-id.test.ts; here the login
 * answer is replaced by a SERVER_ERROR as the API writes it.
 */
test.describe('[ERRORS]', () => {
  for (const lang of ['zh-CN', 'en-US'] as const) {
    for (const width of [1440, 375]) {
      test(`[ERRORS]: a server error shows its request id with a copy button (${lang}, ${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
        await useLanguage(page, lang);
        await page.route('**/api/v1/merchant/member/user/login', (route) =>
          route.fulfill({
            status: 200,
            headers: { 'content-type': 'application/json', 'x-request-id': REQUEST_ID },
            body: JSON.stringify({ code: 10500, msg: TEXT[lang].message, data: { request_id: REQUEST_ID } }),
          }),
        );
        await loginThroughForm(page, 'shop@example.com', 'Secret#2026', { lang });
        const toast = page.locator('.ant-message-notice .ant-message-error');
        await expect(toast).toContainText(TEXT[lang].message);
        await expect(toast).toContainText(TEXT[lang].requestId);
        await shot(page, `e2e-server-error-${lang}-${width}`, { fullPage: false });
        await toast.getByRole('button').click();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(REQUEST_ID);
      });
    }
  }
});
