import { adminListNotices, merchantListUnreadNotices } from '@parlour/contract/calls/notice';
import { adminListProspects } from '@parlour/contract/calls/prospect';
import { merchantLogin } from '@parlour/contract/calls/account';
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANT, seedDatabase } from '../src/db/seed/seed';
import { buildTestApp, testConfig } from './helper';
import { expectOk, signInAdmin } from './shop-helper';

describe('demo seed: notices and prospects', () => {
  it('seeds a pinned notice, a published one and a draft, and three leads with one followed up, once', async () => {
    const t = await buildTestApp();
    try {
      const config = testConfig();
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: true });
      const admin = await signInAdmin(t);
      const notices = await expectOk(t.call(adminListNotices, { limit: 50 }, admin));
      expect(notices.total).toBe(3);
      expect(notices.list.filter((notice) => notice.is_pinned && notice.status === 'published')).toHaveLength(1);
      expect(notices.list.filter((notice) => notice.status === 'draft')).toHaveLength(1);
      expect(notices.list.every((notice) => notice.content.startsWith('<p>'))).toBe(true);

      const prospects = await expectOk(t.call(adminListProspects, { limit: 50 }, admin));
      expect(prospects.total).toBe(3);
      const followed = prospects.list.filter((prospect) => prospect.status === 'followed_up');
      expect(followed).toHaveLength(1);
      expect(followed[0].remark).not.toBe('');

      // The demo merchant sees the two published notices as unread, the pinned one first; not the draft.
      const login = await expectOk(
        t.call(merchantLogin, { account: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }),
      );
      const unread = await expectOk(t.call(merchantListUnreadNotices, { limit: 10 }, login.userinfo.token));
      expect(unread.unread_count).toBe(2);
      expect(unread.list[0].is_pinned).toBe(true);

      // A second start adds nothing, and seeding again on a platform that has notices keeps them as they are.
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: false });
      expect((await expectOk(t.call(adminListNotices, {}, admin))).total).toBe(3);
      expect((await expectOk(t.call(adminListProspects, {}, admin))).total).toBe(3);
    } finally {
      await t.close();
    }
  });
});
