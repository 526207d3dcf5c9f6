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
import { addNotice, merchantNotices, noticeFields, rawNoticeFields } from './notice-helper';
import { expectOk, signInAdmin } from './shop-helper';

describe('notices: errors', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const totalNotices = async () => (await expectOk(t.call(adminListNotices, {}, adminToken))).total;

  describe('[VALIDATION]', () => {
    it.each([
      [{ title: '' }, 'Notice title is required', '请输入公告标题'],
      [{ title: undefined }, 'Notice title is required', '请输入公告标题'],
      [{ title: 'x'.repeat(101) }, 'Notice title must be at most 100 characters', '公告标题最多 100 个字符'],
      [{ content: '' }, 'Notice content is required', '请输入公告内容'],
      [{ content: 'x'.repeat(20_001) }, 'Notice content must be at most 20000 characters', '公告内容最多 20000 个字符'],
      [{ content: '<p><br></p>' }, 'Notice content is required', '请输入公告内容'],
      [{ content: '<script>alert(1)</script>' }, 'Notice content is required', '请输入公告内容'],
      [{ status: 'archived' }, 'Notice status must be published or draft', '公告状态须为已发布或草稿'],
      [{ publish_at: 'tomorrow' }, 'Publish time is not a valid time', '发布时间格式不正确'],
      [{ is_pinned: 'yes' }, 'Pinned is not valid', '置顶格式不正确'],
    ])('refuses %j with a message naming the field, and adds nothing', async (override, english, chinese) => {
      const before = await totalNotices();
      const body = rawNoticeFields(override);
      expect(await t.callRaw(adminAddNotice, { ...body, lang_code: 'en-US' }, adminToken)).toMatchObject({
        code: 10001,
        msg: english,
      });
      expect(await t.callRaw(adminAddNotice, { ...body, lang_code: 'zh-CN' }, adminToken)).toMatchObject({
        code: 10001,
        msg: chinese,
      });
      expect(await totalNotices()).toBe(before);
    });

    it('refuses a bad edit and leaves the notice as it was', async () => {
      const notice = await addNotice(t, adminToken);
      const answer = await t.call(
        adminEditNotice,
        { ...noticeFields({ title: '' }), id: notice.id, lang_code: 'en-US' },
        adminToken,
      );
      expect(answer).toMatchObject({ code: 10001, msg: 'Notice title is required' });
      expect(await expectOk(t.call(adminNoticeDetail, { id: notice.id }, adminToken))).toEqual(notice);
    });

    it('refuses mark_read without ids or all, and with too many ids', async () => {
      const { token } = await registerMerchant(t);
      expect(await t.call(merchantMarkNoticesRead, { lang_code: 'en-US' }, token)).toMatchObject({
        code: 10001,
        msg: 'Choose the notices to mark read (at most 100)',
      });
      expect(await t.call(merchantMarkNoticesRead, { ids: [], lang_code: 'zh-CN' }, token)).toMatchObject({
        code: 10001,
        msg: '请选择要标记为已读的公告（最多 100 条）',
      });
      const tooMany = Array.from({ length: 101 }, (_, index) => index + 1);
      expect((await t.call(merchantMarkNoticesRead, { ids: tooMany }, token)).code).toBe(10001);
      expect(await t.call(merchantMarkNoticesRead, { ids: ['x'], lang_code: 'en-US' }, token)).toMatchObject({
        code: 10001,
        msg: 'Record ID is required',
      });
    });

    it('refuses a bad page or limit in both languages', async () => {
      const { token } = await registerMerchant(t);
      expect(await t.call(merchantListUnreadNotices, { limit: 500, lang_code: 'en-US' }, token)).toMatchObject({
        code: 10001,
        msg: 'Limit must be between 1 and 100',
      });
      expect(await t.call(adminListNotices, { page: 0, lang_code: 'zh-CN' }, adminToken)).toMatchObject({
        code: 10001,
        msg: '页码须为正整数',
      });
    });
  });

  describe('[NOT FOUND]', () => {
    it('answers not found for an unknown notice on detail, edit and delete', async () => {
      for (const [path, body] of [
        [adminNoticeDetail, { id: 999_999 }],
        [adminEditNotice, { ...noticeFields(), id: 999_999 }],
        [adminDeleteNotice, { id: 999_999 }],
      ] as const) {
        expect((await t.call(path, body, adminToken)).code, path.path).toBe(10004);
      }
    });

    it('marking a draft, a scheduled or an unknown notice read marks nothing', async () => {
      const { token } = await registerMerchant(t);
      const draft = await addNotice(t, adminToken, { status: 'draft' });
      const scheduled = await addNotice(t, adminToken, {
        publish_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
      });
      const before = await merchantNotices(t, token);
      const answer = await expectOk(t.call(merchantMarkNoticesRead, { ids: [draft.id, scheduled.id, 999_999] }, token));
      expect(answer.unread_count).toBe(before.unread_count);
      t.clock.advance(2 * 3600);
      const later = await merchantNotices(t, token);
      expect(later.list.find((notice) => notice.id === scheduled.id)?.is_read).toBe(false);
      await expectOk(
        t.call(
          adminEditNotice,
          { ...noticeFields(), id: draft.id, title: draft.title, status: 'published' },
          adminToken,
        ),
      );
      expect((await merchantNotices(t, token)).list.find((notice) => notice.id === draft.id)?.is_read).toBe(false);
    });
  });
});
