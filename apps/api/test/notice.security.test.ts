import {
  adminAddNotice,
  adminDeleteNotice,
  adminEditNotice,
  adminListNotices,
  adminNoticeDetail,
  merchantListUnreadNotices,
  merchantMarkNoticesRead,
} from '@parlour/contract/calls/notice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { addNotice, merchantNotices, noticeFields } from './notice-helper';
import { expectOk, signInAdmin } from './shop-helper';

const ADMIN_PATHS = [adminListNotices, adminAddNotice, adminEditNotice, adminDeleteNotice, adminNoticeDetail];
const MERCHANT_PATHS = [merchantListUnreadNotices, merchantMarkNoticesRead];

describe('notices: security', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  describe('[SANITISING]', () => {
    it.each([
      ['a script element', '<p>Hello</p><script>alert(document.cookie)</script>', '<p>Hello</p>'],
      ['an onerror handler', '<p>Pic<img src="x" onerror="alert(1)"></p>', '<p>Pic</p>'],
      ['a javascript: link', '<p><a href="javascript:alert(1)">click</a></p>', '<p><a>click</a></p>'],
      ['a mixed-case javascript: link', '<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
      ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
      [
        'event handlers and styles on allowed tags',
        '<p onclick="steal()" style="background:url(javascript:x)">Text</p>',
        '<p>Text</p>',
      ],
      [
        'iframes, forms and svg',
        '<iframe src="https://evil.example"></iframe><form action="/x"><input></form><svg onload="x()"><script>1</script></svg>ok',
        'ok',
      ],
      [
        'a safe link',
        '<a href="https://example.com/help" onclick="x()">Help</a>',
        '<a href="https://example.com/help" target="_blank" rel="noopener noreferrer">Help</a>',
      ],
      [
        'a mailto link',
        '<a href="mailto:support@example.com" target="_self">Mail</a>',
        '<a href="mailto:support@example.com" target="_blank" rel="noopener noreferrer">Mail</a>',
      ],
      [
        'the formatting allowlist',
        '<h2>T</h2><h3>U</h3><h4>V</h4><p><strong>b</strong><b>b</b><em>i</em><i>i</i><u>u</u><s>s</s><br></p>' +
          '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>',
        '<h2>T</h2><h3>U</h3><h4>V</h4><p><strong>b</strong><b>b</b><em>i</em><i>i</i><u>u</u><s>s</s><br /></p>' +
          '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>',
      ],
      ['h1, divs and spans (kept as text)', '<h1>Big</h1><div><span class="x">in</span></div>', 'Bigin'],
      // A console path on the same origin is kept, opening in the same tab (no target or rel, whatever was written).
      [
        'a console path',
        '<p><a href="/merchant/plugin?shop_id=lucy&amp;tab=market" target="_blank" rel="opener" onclick="x()">Market</a></p>',
        '<p><a href="/merchant/plugin?shop_id=lucy&amp;tab=market">Market</a></p>',
      ],
      [
        'a console path with a fragment',
        '<a href="/merchant/bill#unpaid">Bills</a>',
        '<a href="/merchant/bill#unpaid">Bills</a>',
      ],
      [
        'a console path with percent-encoding',
        '<a href="/merchant/plugin?keyword=%E8%81%8A%E5%A4%A9">Chat</a>',
        '<a href="/merchant/plugin?keyword=%E8%81%8A%E5%A4%A9">Chat</a>',
      ],
      // Anything else that is not an absolute http(s)/mailto link goes: other hosts, schemes, relative forms.
      ['a protocol-relative link', '<a href="//evil.example/login">x</a>', '<a>x</a>'],
      ['a slash-backslash link', '<a href="/\\evil.example/login">x</a>', '<a>x</a>'],
      ['a backslash-backslash link', '<a href="\\\\evil.example/login">x</a>', '<a>x</a>'],
      ['a backslash later in the path', '<a href="/merchant\\..\\x">x</a>', '<a>x</a>'],
      ['a protocol-relative link written with entities', '<a href="&#47;&#x2F;evil.example">x</a>', '<a>x</a>'],
      ['a slash-backslash link written with an entity', '<a href="/&#x5C;evil.example">x</a>', '<a>x</a>'],
      ['a tab between the slashes (browsers drop it)', '<a href="/&#9;/evil.example">x</a>', '<a>x</a>'],
      ['a newline between the slashes (browsers drop it)', '<a href="/&#10;/evil.example">x</a>', '<a>x</a>'],
      ['a leading space before a path', '<a href=" /merchant/bill">x</a>', '<a>x</a>'],
      ['a space inside a path', '<a href="/merchant/bill x">x</a>', '<a>x</a>'],
      ['a quote inside a path', '<a href=\'/merchant" onmouseover="alert(1)\'>x</a>', '<a>x</a>'],
      ['a non-ASCII path', '<a href="/merchant/账单">x</a>', '<a>x</a>'],
      ['a relative path', '<a href="merchant/bill">x</a>', '<a>x</a>'],
      ['a dot-relative path', '<a href="../admin">x</a>', '<a>x</a>'],
      ['a query-only link', '<a href="?tab=market">x</a>', '<a>x</a>'],
      ['a scheme without slashes', '<a href="http:/merchant/bill">x</a>', '<a>x</a>'],
      ['a javascript: link behind a slash-looking entity', '<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
      ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ])('sanitises %s on add, and merchants get the sanitised HTML', async (_name, content, expected) => {
      const { token } = await registerMerchant(t);
      const notice = await addNotice(t, adminToken, { content });
      expect(notice.content).toBe(expected);
      const seen = (await merchantNotices(t, token)).list.find((row) => row.id === notice.id);
      expect(seen?.content).toBe(expected);
    });

    it('sanitises on edit too', async () => {
      const notice = await addNotice(t, adminToken);
      const edited = await expectOk(
        t.call(
          adminEditNotice,
          { ...noticeFields(), id: notice.id, content: '<p>ok<img src=x onerror=alert(1)><script>x()</script></p>' },
          adminToken,
        ),
      );
      expect(edited.content).toBe('<p>ok</p>');
    });
  });

  describe('[PERMISSION]', () => {
    it('a merchant token is refused on every operator notice call, and no token is refused everywhere', async () => {
      const { token } = await registerMerchant(t);
      const notice = await addNotice(t, adminToken);
      for (const path of ADMIN_PATHS) {
        expect((await t.call(path, { ...noticeFields(), id: notice.id }, token)).code, path.path).toBe(10003);
        expect((await t.call(path, { ...noticeFields(), id: notice.id })).code, path.path).toBe(10000);
      }
      // Nothing changed through the refused calls.
      expect(await expectOk(t.call(adminNoticeDetail, { id: notice.id }, adminToken))).toEqual(notice);
    });

    it('an operator token is refused on the merchant notice calls, and no token too', async () => {
      for (const path of MERCHANT_PATHS) {
        expect((await t.call(path, { all: true }, adminToken)).code, path.path).toBe(10003);
        expect((await t.call(path, { all: true })).code, path.path).toBe(10000);
      }
    });
  });

  describe('[TENANCY]', () => {
    it("merchant B can neither see nor change merchant A's read marks", async () => {
      const a = await registerMerchant(t);
      const b = await registerMerchant(t);
      const notice = await addNotice(t, adminToken);
      await expectOk(t.call(merchantMarkNoticesRead, { all: true }, b.token));
      expect(
        (await merchantNotices(t, b.token, { include_read: true })).list.find((row) => row.id === notice.id)?.is_read,
      ).toBe(true);
      // B marking everything read leaves A's notices unread, and A's reading does not show on B's side as A's time.
      const aList = await merchantNotices(t, a.token);
      expect(aList.list.map((row) => row.id)).toContain(notice.id);
      expect(aList.unread_count).toBeGreaterThan(0);
      // A body field naming another merchant is ignored: the merchant comes from the session.
      await expectOk(t.callRaw(merchantMarkNoticesRead, { ids: [notice.id], merchant_id: a.id }, b.token));
      expect((await merchantNotices(t, a.token)).list.map((row) => row.id)).toContain(notice.id);
    });
  });
});
