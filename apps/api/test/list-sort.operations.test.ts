import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminListMerchants } from '@parlour/contract/calls/merchant-admin';
import { adminListNotices } from '@parlour/contract/calls/notice';
import { addMessage, adminListProspects } from '@parlour/contract/calls/prospect';
import { buildTestApp, type TestApp } from './helper';
import { addMerchant } from './merchant-admin-helper';
import { addNotice, messageFields, uniqueIp } from './notice-helper';
import { expectOk, signInAdmin } from './shop-helper';

/**
 * Server-side sorting of the operator's merchant, prospect and notice lists (docs/lists.md): each
 * sortable column in both directions with the id as tie-breaker, the default order without a sort,
 * a column outside the whitelist refused; and the prospect search matching a number typed as people
 * write it against the E.164-stored contact.
 */
describe('operator list sorting', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const day = (index: number) => new Date(Date.UTC(2026, 0, 1 + index));

  it('sorts the merchant list on registration, store count and last login', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 4; index += 1)
      ids.push((await addMerchant(t, adminToken, { remark: `sort-merchant ${index}` })).id);
    // Stores 2, 0, 2, 1 (two merchants tie); the last merchant never signed in.
    const storeCounts = [2, 0, 2, 1];
    const logins = [day(30), day(10), day(20), null];
    for (const [index, id] of ids.entries()) {
      await t.database.db.execute(
        sql`update merchants set created_at = ${day(index)}, last_login_at = ${logins[index]} where id = ${id}`,
      );
      for (let store = 0; store < storeCounts[index]; store += 1) {
        await t.database.db.execute(
          sql`insert into shops (merchant_id, shop_id, shop_name, contact_email, version_id, status)
              select ${id}, ${`sortm${index}x${store}${Date.now().toString(36)}`},
              'Sort store', 'sort@example.com', id, 'operating'
              from store_versions order by id limit 1`,
        );
      }
    }
    const order = async (body: Record<string, unknown>) => {
      const answer = await expectOk(t.call(adminListMerchants, { limit: 100, ...body }, adminToken));
      return answer.list.map((merchant) => ids.indexOf(merchant.id)).filter((index) => index >= 0);
    };
    expect(await order({})).toEqual([3, 2, 1, 0]);
    expect(await order({ sort_field: 'created_at', sort_order: 'ascend' })).toEqual([0, 1, 2, 3]);
    expect(await order({ sort_field: 'store_count', sort_order: 'descend' })).toEqual([2, 0, 3, 1]);
    expect(await order({ sort_field: 'store_count', sort_order: 'ascend' })).toEqual([1, 3, 0, 2]);
    // Never signed in: after every login both ways (a newest-first list opens on real logins).
    expect(await order({ sort_field: 'last_login_at', sort_order: 'ascend' })).toEqual([1, 2, 0, 3]);
    expect(await order({ sort_field: 'last_login_at', sort_order: 'descend' })).toEqual([0, 2, 1, 3]);
  });

  it('sorts the prospect list on created and followed-up time', async () => {
    const contents: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      contents.push(`sort-prospect ${index}`);
      await expectOk(t.call(addMessage, messageFields({ content: contents[index] }), undefined, { ip: uniqueIp() }));
    }
    const followed = [day(5), null, day(2)];
    for (const [index, content] of contents.entries()) {
      await t.database.db.execute(
        sql`update prospects set created_at = ${day(index)}, followed_up_at = ${followed[index]},
          status = ${followed[index] ? 'followed_up' : 'new'} where content = ${content}`,
      );
    }
    const order = async (body: Record<string, unknown>) => {
      const answer = await expectOk(t.call(adminListProspects, { keyword: 'sort-prospect', ...body }, adminToken));
      return answer.list.map((prospect) => contents.indexOf(prospect.content));
    };
    expect(await order({})).toEqual([2, 1, 0]);
    expect(await order({ sort_field: 'created_at', sort_order: 'ascend' })).toEqual([0, 1, 2]);
    expect(await order({ sort_field: 'followed_up_at', sort_order: 'ascend' })).toEqual([2, 0, 1]);
    // Never followed up: last both ways.
    expect(await order({ sort_field: 'followed_up_at', sort_order: 'descend' })).toEqual([0, 2, 1]);
  });

  it('sorts the notice list on publish time, creation time and read count; pinned first only by default', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1)
      ids.push((await addNotice(t, adminToken, { title: `sort-notice ${index}`, is_pinned: index === 0 })).id);
    const publish = [day(1), day(3), day(2)];
    for (const [index, id] of ids.entries()) {
      await t.database.db.execute(
        sql`update notices set publish_at = ${publish[index]}, created_at = ${day(10 - index)} where id = ${id}`,
      );
    }
    const order = async (body: Record<string, unknown>) => {
      const answer = await expectOk(t.call(adminListNotices, { keyword: 'sort-notice', ...body }, adminToken));
      return answer.list.map((notice) => ids.indexOf(notice.id));
    };
    expect(await order({})).toEqual([0, 1, 2]);
    expect(await order({ sort_field: 'publish_at', sort_order: 'descend' })).toEqual([1, 2, 0]);
    expect(await order({ sort_field: 'publish_at', sort_order: 'ascend' })).toEqual([0, 2, 1]);
    expect(await order({ sort_field: 'created_at', sort_order: 'ascend' })).toEqual([2, 1, 0]);
    // Read counts all 0: the id breaks the tie in the sort's direction.
    expect(await order({ sort_field: 'read_count', sort_order: 'ascend' })).toEqual([0, 1, 2]);
  });

  it('refuses a column outside the whitelist on each of these lists', async () => {
    for (const path of [adminListMerchants, adminListProspects, adminListNotices]) {
      const answer = await t.callRaw(path, { sort_field: 'password_hash', lang_code: 'en-US' }, adminToken);
      expect(answer.code).not.toBe(200);
      expect(answer.msg).toBe('Sort field must be one of the sortable columns of this list');
    }
  });

  it('finds a prospect by its number typed with spaces, an international prefix or a local format', async () => {
    await expectOk(
      t.call(addMessage, messageFields({ contact: '+44 7911 123456', content: 'phone search gb' }), undefined, {
        ip: uniqueIp(),
      }),
    );
    await expectOk(
      t.call(addMessage, messageFields({ contact: '13912345678', content: 'phone search cn' }), undefined, {
        ip: uniqueIp(),
      }),
    );
    const found = async (keyword: string) => {
      const answer = await expectOk(t.call(adminListProspects, { keyword, limit: 100 }, adminToken));
      return answer.list.map((prospect) => prospect.content).filter((content) => content.startsWith('phone search'));
    };
    expect(await found('+44 7911 123456')).toEqual(['phone search gb']);
    expect(await found('0044 7911 123456')).toEqual(['phone search gb']);
    expect(await found('7911-123456')).toEqual(['phone search gb']);
    expect(await found('139 1234 5678')).toEqual(['phone search cn']);
    expect(await found('+86 139-1234-5678')).toEqual(['phone search cn']);
    expect(await found('(139) 1234')).toEqual(['phone search cn']);
    // Plain text still searches the name, contact and content.
    expect(await found('search gb')).toEqual(['phone search gb']);
    expect(await found('+447911')).toEqual(['phone search gb']);
    expect(await found('123 nothing')).toEqual([]);
  });
});
