import {
  adminListShops,
  merchantAddShop,
  merchantCheckSiteStatus,
  merchantExportShops,
} from '@parlour/contract/calls/store';
import { adminOverview } from '@parlour/contract/calls/dashboard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { expectOk, listShops, merchantWithStore, shopFields, signInAdmin } from './shop-helper';

const DAY = 86_400;

/** The row as stored, and how many status deltas exist (every stored status change writes one). */
async function storedRow(t: TestApp, shopId: string) {
  const result = await t.database.db.execute<{ status: string; updated_at: string }>(
    sql`select status, updated_at::text as updated_at from shops where shop_id = ${shopId} and status <> 'cancelled'`,
  );
  const deltas = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from shop_status_deltas`);
  return { ...result.rows[0], deltas: Number(deltas.rows[0].n) };
}

/** Moves a store's expiry `seconds` into the past without touching its stored status, as time would. */
async function expireAgo(t: TestApp, shopId: string, seconds: number) {
  await t.database.db.execute(
    sql`update shops set expires_at = ${new Date(t.clock.now().getTime() - seconds * 1000)} where shop_id = ${shopId}`,
  );
}

describe('store reads derive the status at their clock and write nothing', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const lapsedStoreTitle =
    'lists, tab counts, filters, check_site_status and the dashboard show a lapsed store as pending renewal, then ' +
    'disabled, until the sweep persists it';
  it(lapsedStoreTitle, async () => {
    const { token, shopId } = await merchantWithStore(t);
    const second = shopFields({ package_id: 1, shop_name: 'Still on trial' });
    await expectOk(t.call(merchantAddShop, second, token));
    await t.app.services.shops.provisionPendingStores(0);
    const sweep = t.app.jobs.find((job) => job.queue === 'store-sweep')!;
    await sweep.run();

    // Its term ended a second ago (moved behind the sweep's back, so sessions stay valid): nothing has swept since.
    await expireAgo(t, shopId, 1);
    const before = await storedRow(t, shopId);
    expect(before.status).toBe('operating');

    const all = await listShops(t, token);
    expect(all.list.find((entry) => entry.shop_id === shopId)).toMatchObject({
      status: 'pending_renewal',
      grace_ends_at: expect.any(String),
    });
    expect(all.counts).toEqual({ all: 2, operating: 1, disabled: 0, pending_renewal: 1 });
    expect((await listShops(t, token, { tab: 'pending_renewal' })).list.map((entry) => entry.shop_id)).toEqual([
      shopId,
    ]);
    expect((await listShops(t, token, { tab: 'operating' })).list.map((entry) => entry.shop_id)).toEqual([
      second.shop_id,
    ]);
    expect((await listShops(t, token, { status: 'operating' })).total).toBe(0);
    expect((await listShops(t, token, { status: 'pending_renewal' })).list.map((entry) => entry.shop_id)).toEqual([
      shopId,
    ]);
    // A keyword search counts its matches instead of reading the counters: the same statuses.
    expect((await listShops(t, token, { keyword: shopId })).counts).toEqual({
      all: 1,
      operating: 0,
      disabled: 0,
      pending_renewal: 1,
    });
    expect(await expectOk(t.call(merchantCheckSiteStatus, { shop_id: shopId }, token))).toMatchObject({
      status: 'pending_renewal',
    });
    const admin = await expectOk(t.call(adminListShops, { tab: 'pending_renewal', keyword: shopId }, adminToken));
    expect(admin.list.map((entry) => [entry.shop_id, entry.status])).toEqual([[shopId, 'pending_renewal']]);
    const overview = await expectOk(t.call(adminOverview, {}, adminToken));
    expect(overview.stores).toMatchObject({ pending_renewal: 1, operating: 0, trial: 1 });
    // The export reads the same way.
    const exported = await expectOk(
      t.call(merchantExportShops, { tab: 'pending_renewal', format: 'csv', lang_code: 'en-US' }, token),
    );
    expect(exported.rows).toBe(1);
    expect(Buffer.from(exported.content_base64, 'base64').toString('utf8')).toContain('Pending renewal');

    // None of these reads wrote the row or a counter delta.
    expect(await storedRow(t, shopId)).toEqual(before);

    // Past the grace days: disabled by every read, still stored as operating.
    await expireAgo(t, shopId, 7 * DAY + 1);
    before.updated_at = (await storedRow(t, shopId)).updated_at;
    const lapsed = await listShops(t, token);
    expect(lapsed.list.find((entry) => entry.shop_id === shopId)?.status).toBe('disabled');
    expect(lapsed.counts).toMatchObject({ disabled: 1, pending_renewal: 0 });
    expect((await listShops(t, token, { tab: 'disabled' })).list.map((entry) => entry.shop_id)).toEqual([shopId]);
    expect(await storedRow(t, shopId)).toEqual(before);

    // The sweep persists what the reads showed; the counts stay the same.
    await sweep.run();
    expect((await storedRow(t, shopId)).status).toBe('disabled');
    expect((await listShops(t, token)).counts).toEqual(lapsed.counts);
  });

  it('the tab counters stay exact for many merchants while some stores have lapsed unswept', async () => {
    const merchants = await Promise.all([0, 1, 2].map(() => merchantWithStore(t)));
    const sweep = t.app.jobs.find((job) => job.queue === 'store-sweep')!;
    await sweep.run();
    // Two of them lapse now (their expiry moved into the past behind the sweep's back), one later.
    for (const { shopId } of merchants.slice(0, 2)) {
      await t.database.db.execute(
        sql`update shops set expires_at = ${new Date(t.clock.now().getTime() - 1000)} where shop_id = ${shopId}`,
      );
    }
    await t.app.services.shops.sweepStatuses();
    await t.database.db.execute(
      sql`update shops set expires_at = ${new Date(t.clock.now().getTime() - 8 * DAY * 1000)}, status = 'operating' where shop_id = ${merchants[0].shopId}`,
    );
    const { counts } = await expectOk(t.call(adminListShops, {}, adminToken));
    const slow = await t.database.db.execute<{ status: string; n: number }>(sql`
      select case
        when status in ('trial', 'operating') and expires_at <= ${t.clock.now()}
            then case when expires_at > ${new Date(t.clock.now().getTime() - 7 * DAY * 1000)}
                      then 'pending_renewal' else 'disabled' end
        when status = 'pending_renewal' and expires_at <= ${new Date(t.clock.now().getTime() - 7 * DAY * 1000)} then 'disabled'
        else status end as status, count(*)::int as n
      from shops group by 1`);
    const byStatus = Object.fromEntries(slow.rows.map((row) => [row.status, Number(row.n)]));
    expect(counts.disabled).toBe(byStatus.disabled ?? 0);
    expect(counts.pending_renewal).toBe(byStatus.pending_renewal ?? 0);
    expect(counts.operating).toBe((byStatus.operating ?? 0) + (byStatus.trial ?? 0));
    expect(counts.all).toBe(Object.values(byStatus).reduce((sum, n) => sum + n, 0));
    // Per merchant too.
    const first = await listShops(t, merchants[0].token);
    expect(first.counts).toEqual({ all: 1, operating: 0, disabled: 1, pending_renewal: 0 });
  });

  it('a read of an unknown merchant writes nothing either', async () => {
    const { token } = await registerMerchant(t);
    const before = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from shop_status_deltas`);
    expect((await listShops(t, token)).counts).toEqual({ all: 0, operating: 0, disabled: 0, pending_renewal: 0 });
    const after = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from shop_status_deltas`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
