import {
  adminDeleteNotice,
  adminEditNotice,
  adminListNotices,
  adminNoticeDetail,
  merchantMarkNoticesRead,
} from '@parlour/contract/calls/notice';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { addNotice, merchantNotices } from './notice-helper';
import { expectOk, signInAdmin } from './shop-helper';

describe('notices: happy paths', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * 3_600_000).toISOString();

  describe('[NOTICES]: operator', () => {
    it('adds, finds, edits and deletes a notice', async () => {
      const added = await addNotice(t, adminToken, {
        title: 'Spring maintenance window',
        status: 'draft',
        is_pinned: true,
      });
      expect(added).toMatchObject({
        title: 'Spring maintenance window',
        status: 'draft',
        is_pinned: true,
        read_count: 0,
        content: '<p>Maintenance <strong>tonight</strong></p>',
      });
      expect(added.publish_at).toBe(t.clock.now().toISOString());

      const found = await expectOk(t.call(adminListNotices, { keyword: 'spring maint', status: 'draft' }, adminToken));
      expect(found.list.map((notice) => notice.id)).toEqual([added.id]);
      expect(found.total).toBe(1);
      expect(
        (await expectOk(t.call(adminListNotices, { keyword: 'spring maint', status: 'published' }, adminToken))).total,
      ).toBe(0);

      const publishAt = inHours(2);
      const edited = await expectOk(
        t.call(
          adminEditNotice,
          {
            id: added.id,
            title: 'Spring maintenance (updated)',
            content: '<p>New time</p>',
            status: 'published',
            is_pinned: false,
            publish_at: publishAt,
          },
          adminToken,
        ),
      );
      expect(edited).toMatchObject({
        id: added.id,
        title: 'Spring maintenance (updated)',
        content: '<p>New time</p>',
        status: 'published',
        is_pinned: false,
        publish_at: publishAt,
      });
      expect(await expectOk(t.call(adminNoticeDetail, { id: added.id }, adminToken))).toEqual(edited);

      // Editing without a publish time keeps the one it had.
      const retitled = await expectOk(
        t.call(
          adminEditNotice,
          { id: added.id, title: 'Typo fixed', content: '<p>New time</p>', status: 'published' },
          adminToken,
        ),
      );
      expect(retitled.publish_at).toBe(publishAt);

      expect((await t.call(adminDeleteNotice, { id: added.id }, adminToken)).code).toBe(200);
      expect((await t.call(adminNoticeDetail, { id: added.id }, adminToken)).code).toBe(10004);
    });

    it('lists pinned notices first, then the newest publish time', async () => {
      const older = await addNotice(t, adminToken, { title: 'order-test older', publish_at: inHours(-3) });
      const pinnedOld = await addNotice(t, adminToken, {
        title: 'order-test pinned',
        is_pinned: true,
        publish_at: inHours(-5),
      });
      const newer = await addNotice(t, adminToken, { title: 'order-test newer', publish_at: inHours(-1) });
      const { list } = await expectOk(t.call(adminListNotices, { keyword: 'order-test' }, adminToken));
      expect(list.map((notice) => notice.id)).toEqual([pinnedOld.id, newer.id, older.id]);
    });
  });

  describe('[NOTICES]: merchant', () => {
    it('sees published notices once due, pinned first then newest, never drafts', async () => {
      const merchant = await registerMerchant(t);
      const plain = await addNotice(t, adminToken, { publish_at: inHours(-2) });
      const newest = await addNotice(t, adminToken, { publish_at: inHours(-1) });
      const pinned = await addNotice(t, adminToken, { is_pinned: true, publish_at: inHours(-10) });
      const draft = await addNotice(t, adminToken, { status: 'draft' });
      const scheduled = await addNotice(t, adminToken, { publish_at: inHours(1) });

      const mine = new Set([plain.id, newest.id, pinned.id, draft.id, scheduled.id]);
      const seen = (await merchantNotices(t, merchant.token)).list.filter((notice) => mine.has(notice.id));
      expect(seen.map((notice) => notice.id)).toEqual([pinned.id, newest.id, plain.id]);
      expect(seen[0]).toMatchObject({
        title: pinned.title,
        content: pinned.content,
        is_pinned: true,
        is_read: false,
        read_at: null,
      });
      expect(seen[0]).not.toHaveProperty('status');

      t.clock.advance(2 * 3600);
      const later = (await merchantNotices(t, merchant.token)).list.filter((notice) => mine.has(notice.id));
      expect(later.map((notice) => notice.id)).toEqual([pinned.id, scheduled.id, newest.id, plain.id]);
    });

    it('keeps read marks per merchant: what A reads stays unread for B', async () => {
      const a = await registerMerchant(t);
      const b = await registerMerchant(t);
      const first = await addNotice(t, adminToken, { publish_at: inHours(-1) });
      const second = await addNotice(t, adminToken, { publish_at: inHours(-1) });
      const before = await merchantNotices(t, a.token);
      expect(before.unread_count).toBe(before.total);

      const marked = await expectOk(t.call(merchantMarkNoticesRead, { ids: [first.id, first.id] }, a.token));
      expect(marked.unread_count).toBe(before.unread_count - 1);

      const aUnread = await merchantNotices(t, a.token);
      expect(aUnread.list.map((notice) => notice.id)).not.toContain(first.id);
      expect(aUnread.list.map((notice) => notice.id)).toContain(second.id);
      const aAll = await merchantNotices(t, a.token, { include_read: true });
      expect(aAll.total).toBe(before.total);
      const readRow = aAll.list.find((notice) => notice.id === first.id)!;
      expect(readRow.is_read).toBe(true);
      expect(readRow.read_at).toBe(t.clock.now().toISOString());

      const bUnread = await merchantNotices(t, b.token);
      expect(bUnread.list.map((notice) => notice.id)).toEqual(expect.arrayContaining([first.id, second.id]));
      expect(bUnread.unread_count).toBe(before.unread_count);

      // Reading again keeps the first read time.
      t.clock.advance(60);
      await expectOk(t.call(merchantMarkNoticesRead, { ids: [first.id] }, a.token));
      expect(
        (await merchantNotices(t, a.token, { include_read: true })).list.find((notice) => notice.id === first.id)!
          .read_at,
      ).toBe(readRow.read_at);

      const detail = await expectOk(t.call(adminNoticeDetail, { id: first.id }, adminToken));
      expect(detail.read_count).toBe(1);
    });

    it('marks every visible notice read at once, but not drafts or notices not yet due', async () => {
      const merchant = await registerMerchant(t);
      await addNotice(t, adminToken, { publish_at: inHours(-1) });
      const scheduled = await addNotice(t, adminToken, { publish_at: inHours(1) });
      const answer = await expectOk(t.call(merchantMarkNoticesRead, { all: true }, merchant.token));
      expect(answer.unread_count).toBe(0);
      expect((await merchantNotices(t, merchant.token)).list).toEqual([]);

      t.clock.advance(2 * 3600);
      const later = await merchantNotices(t, merchant.token);
      expect(later.list.map((notice) => notice.id)).toEqual([scheduled.id]);
      expect(later.unread_count).toBe(1);
    });

    it('pages the full list and counts unread across pages', async () => {
      const merchant = await registerMerchant(t);
      await addNotice(t, adminToken, { publish_at: inHours(-1) });
      await addNotice(t, adminToken, { publish_at: inHours(-1) });
      const all = await merchantNotices(t, merchant.token, { include_read: true });
      const pageOne = await merchantNotices(t, merchant.token, { include_read: true, page: 1, limit: 1 });
      const pageTwo = await merchantNotices(t, merchant.token, { include_read: true, page: 2, limit: 1 });
      expect(pageOne.total).toBe(all.total);
      expect([pageOne.list[0].id, pageTwo.list[0].id]).toEqual([all.list[0].id, all.list[1].id]);
      expect(pageOne.unread_count).toBe(all.total);
    });

    it('deleting a notice removes its read marks', async () => {
      const merchant = await registerMerchant(t);
      const notice = await addNotice(t, adminToken, { publish_at: inHours(-1) });
      await expectOk(t.call(merchantMarkNoticesRead, { ids: [notice.id] }, merchant.token));
      const count = async () => {
        const result = await t.database.db.execute(
          sql`select count(*)::int as value from notice_reads where notice_id = ${notice.id}`,
        );
        return Number((result.rows[0] as { value: number }).value);
      };
      expect(await count()).toBe(1);
      await expectOk(t.call(adminDeleteNotice, { id: notice.id }, adminToken));
      expect(await count()).toBe(0);
      expect(
        (await merchantNotices(t, merchant.token, { include_read: true })).list.map((row) => row.id),
      ).not.toContain(notice.id);
    });
  });
});
