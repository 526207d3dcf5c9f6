import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANT, seedDatabase } from '../src/db/seed/seed';
import { buildTestApp, PATHS, testConfig } from './helper';
import { NOTICE_PATHS as N, PROSPECT_PATHS as P, type TAdminNotice, type TMerchantNotice } from './notice-helper';
import { expectOk, signInAdmin } from './store-helper';

describe('demo seed: notices and prospects', () => {
  it('seeds a pinned notice, a published one and a draft, and three leads with one followed up, once', async () => {
    const t = await buildTestApp();
    try {
      const config = testConfig();
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: true });
      const admin = await signInAdmin(t);
      const notices = await expectOk(t.call<{ list: TAdminNotice[]; total: number }>(N.adminList, { limit: 50 }, admin));
      expect(notices.total).toBe(3);
      expect(notices.list.filter((notice) => notice.is_pinned && notice.status === 'published')).toHaveLength(1);
      expect(notices.list.filter((notice) => notice.status === 'draft')).toHaveLength(1);
      expect(notices.list.every((notice) => notice.content.startsWith('<p>'))).toBe(true);

      const prospects = await expectOk(t.call<{ list: Array<{ status: string; remark: string }>; total: number }>(P.adminList, { limit: 50 }, admin));
      expect(prospects.total).toBe(3);
      const followed = prospects.list.filter((prospect) => prospect.status === 'followed_up');
      expect(followed).toHaveLength(1);
      expect(followed[0].remark).not.toBe('');

      // The demo merchant sees the two published notices as unread, the pinned one first; not the draft.
      const login = await expectOk(t.call<{ userinfo: { token: string } }>(PATHS.login, { account: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }));
      const unread = await expectOk(t.call<{ list: TMerchantNotice[]; unread_count: number }>(N.unread, { limit: 10 }, login.userinfo.token));
      expect(unread.unread_count).toBe(2);
      expect(unread.list[0].is_pinned).toBe(true);

      // A second start adds nothing, and seeding again on a platform that has notices keeps them as they are.
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: false });
      expect((await expectOk(t.call<{ total: number }>(N.adminList, {}, admin))).total).toBe(3);
      expect((await expectOk(t.call<{ total: number }>(P.adminList, {}, admin))).total).toBe(3);
    } finally {
      await t.close();
    }
  });
});
