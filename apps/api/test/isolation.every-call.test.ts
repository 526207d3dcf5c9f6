import { allCalls } from '@parlour/contract/calls/all';
import type { Call } from '@parlour/contract/call';
import { ErrorCode } from '@parlour/contract/errors';
import { merchantEndSession, merchantListSessions } from '@parlour/contract/calls/account-security';
import { merchantListUnreadNotices, merchantMarkNoticesRead } from '@parlour/contract/calls/notice';
import {
  merchantAddShop,
  merchantBackendRedirect,
  merchantBuyShop,
  merchantCheckSiteStatus,
  merchantListShops,
  merchantRenewShop,
} from '@parlour/contract/calls/store';
import {
  merchantCancelBill,
  merchantExportBills,
  merchantListBills,
  merchantPayPage,
} from '@parlour/contract/calls/bill';
import { merchantCreatePackageOrder, merchantListPackages } from '@parlour/contract/calls/traffic';
import { merchantRevealShopKey, merchantRotateShopKey } from '@parlour/contract/calls/open-core';
import { merchantStorePricingDetail, merchantStorePricingEdit } from '@parlour/contract/calls/store-pricing';
import {
  merchantStorePickAdd,
  merchantStorePickMove,
  merchantStorePickDelete,
  merchantStorePicksList,
} from '@parlour/contract/calls/store-picks';
import { merchantStoreShippingDetail, merchantStoreShippingEdit } from '@parlour/contract/calls/store-shipping';
import {
  merchantBuyerGuideDetail,
  merchantBuyerGuideEdit,
  merchantLiveChatDetail,
  merchantLiveChatEdit,
} from '@parlour/contract/calls/plugin-settings';
import { merchantSiteConfigDetail, merchantSiteConfigEdit } from '@parlour/contract/calls/store-site-config';
import {
  merchantAddShopPlugin,
  merchantListMarketPlugins,
  merchantListShopPlugins,
  merchantPluginDetail,
  merchantSetShopPluginStatus,
} from '@parlour/contract/calls/plugin';
import {
  merchantAddDomain,
  merchantChangeMainDomain,
  merchantCheckDomain,
  merchantDeleteDomain,
  merchantListDomains,
  merchantSetDomainRedirect,
} from '@parlour/contract/calls/domain';
import {
  merchantApiLogDetail,
  merchantApiLogStats,
  merchantListApiLogs,
  merchantTrafficDashboard,
} from '@parlour/contract/calls/traffic-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { addNotice } from './notice-helper';
import { fakeDnsChecker, uniqueDomain } from './domain-helper';
import { revealKey } from './open-api-helper';
import { expectOk, merchantWithStore, payThroughCashier, shopFields, signInAdmin } from './shop-helper';
import { PLAN } from './traffic-package-helper';
import { addPlugin } from './plugin-helper';
import { recordCall, storeRef } from './traffic-helper';

/**
 * Tenant isolation over the whole contract (docs/SECURITY.md, Tenant isolation): merchant A owns
 * one of each object a merchant can name by id (a store with its key, paid and unpaid bills, a
 * store package, a call log row, a read notice); merchant B sends every merchant call that takes an
 * id with A's ids. Each answer is a refusal or holds nothing of A's (no store, bill, key, name or
 * address of A in the answer, exports decoded), and no row of A's (any table with a merchant_id or
 * a shop_ref of A's stores, A's account row and sessions) is changed by it.
 *
 * The calls are read from the contract: every authenticated merchant call whose input has an
 * id-like field (`id`, `ids`, `…_id`, `…_no`). A call added later with such a field fails this file
 * until it gets a scenario below (as idempotency.every-call.test.ts does for writing calls).
 */

type Body = Record<string, unknown>;
type Answer = { code: number; msg: string; data: unknown };

/** What merchant A owns, by the ids a merchant call can name. */
interface Tenant {
  id: number;
  email: string;
  token: string;
  shopId: string;
  shopRef: number;
  shopName: string;
  contactEmail: string;
  key: string;
  paidBillNo: string;
  unpaidRenewalBillNo: string;
  unpaidPackageBillNo: string;
  packageId: number;
  /** A plugin A bought for its store, one A tries there, and one A's unpaid bill is for. */
  boughtPluginId: number;
  trialPluginId: number;
  unpaidPluginId: number;
  unpaidPluginBillNo: string;
  logId: number;
  readNoticeId: number;
  unreadNoticeId: number;
  /** A's custom domain (binding, its DNS would check out) and its system domain. */
  domainId: number;
  domainName: string;
  systemDomainId: number;
  /** A's session (the token above): B ending it must leave A signed in (the last test calls with A's token). */
  sessionId: number;
}

interface Scenario {
  /** The bodies B sends, each naming A's objects. */
  bodies: (a: Tenant) => Body[];
  /**
   * What B's answer must be besides leaking nothing: refused with this code, or answered with data
   * the check finds empty of A's objects.
   */
  expect: { refused: keyof typeof ErrorCode } | { answers: (data: unknown, a: Tenant) => void };
}

/** An input field naming an object by id. */
const ID_FIELD = /^(id|ids)$|_id$|_no$/;

/** The field names of a call's input object (through refinements and pipes). */
function inputFields(call: Call): string[] {
  let schema = call.input as z.ZodType & {
    shape?: Record<string, unknown>;
    def?: { in?: unknown; innerType?: unknown };
  };
  for (let depth = 0; depth < 5 && !schema.shape; depth += 1) {
    const inner = schema.def?.in ?? schema.def?.innerType;
    if (!inner) break;
    schema = inner as typeof schema;
  }
  if (!schema.shape) throw new Error(`cannot read the input fields of ${call.path}`);
  return Object.keys(schema.shape);
}

const merchantIdCalls = allCalls
  .filter((call) => call.role === 'merchant' && call.isAuthenticated)
  .map((call) => ({ call, idFields: inputFields(call).filter((field) => ID_FIELD.test(field)) }))
  .filter((entry) => entry.idFields.length > 0);

const emptyList = (data: unknown) => {
  expect((data as { list: unknown[] }).list).toEqual([]);
  expect((data as { total: number }).total).toBe(0);
};
const noCalls = (data: unknown) =>
  expect((data as { totals: { calls: number; units: number } }).totals).toMatchObject({ calls: 0, units: 0 });

const scenarios: Record<string, Scenario> = {
  // ---------- stores ----------
  // Creating a store under A's store ID: the ID is taken (IDs are global), A's store untouched.
  [merchantAddShop.path]: { bodies: (a) => [shopFields({ shop_id: a.shopId })], expect: { refused: 'SHOP_ID_TAKEN' } },
  [merchantBuyShop.path]: {
    bodies: (a) => [{ ...shopFields({ shop_id: a.shopId }), term_type: 'month', term: 1, pay_method: 'alipay' }],
    expect: { refused: 'SHOP_ID_TAKEN' },
  },
  [merchantBackendRedirect.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },
  [merchantCheckSiteStatus.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },
  [merchantRenewShop.path]: {
    bodies: (a) => [{ shop_id: a.shopId, term_type: 'month', term: 1, pay_method: 'alipay' }],
    expect: { refused: 'NOT_FOUND' },
  },

  // ---------- domains ----------
  // A's store and domains by store ID and by id: not found, nothing of A's checked, bound, changed or removed.
  [merchantListDomains.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },
  [merchantAddDomain.path]: {
    bodies: (a) => [{ shop_id: a.shopId, domain: uniqueDomain('ok-b-claim') }],
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantCheckDomain.path]: {
    bodies: (a) => [{ id: a.domainId }, { id: a.systemDomainId }],
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantChangeMainDomain.path]: {
    bodies: (a) => [{ id: a.domainId }, { id: a.systemDomainId }],
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantSetDomainRedirect.path]: {
    bodies: (a) => [
      { id: a.domainId, is_redirect: true },
      { id: a.systemDomainId, is_redirect: true },
    ],
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantDeleteDomain.path]: { bodies: (a) => [{ id: a.domainId }], expect: { refused: 'NOT_FOUND' } },

  // ---------- bills ----------
  [merchantCancelBill.path]: {
    bodies: (a) => [{ bill_no: a.unpaidRenewalBillNo }, { bill_no: a.unpaidPackageBillNo }, { bill_no: a.paidBillNo }],
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantPayPage.path]: {
    bodies: (a) =>
      [a.unpaidRenewalBillNo, a.unpaidPackageBillNo, a.paidBillNo].map((billNo) => ({
        bill_no: billNo,
        pay_method: 'wechat',
      })),
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantListBills.path]: {
    bodies: (a) => [{ shop_id: a.shopId }, { keyword: a.paidBillNo }],
    expect: { answers: emptyList },
  },
  [merchantExportBills.path]: {
    bodies: (a) => [{ shop_id: a.shopId }, { keyword: a.unpaidRenewalBillNo }],
    expect: { answers: (data) => expect((data as { rows: number }).rows).toBe(0) },
  },

  // ---------- traffic packages ----------
  // Buying a store package for A's store: the store is not B's.
  [merchantCreatePackageOrder.path]: {
    bodies: (a) => [{ plan_id: PLAN.store, shop_id: a.shopId, pay_method: 'alipay' }],
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantListPackages.path]: {
    bodies: (a) => [{ shop_id: a.shopId }, { shop_id: a.shopId, tab: 'store' }],
    expect: { answers: emptyList },
  },

  // ---------- plugins ----------
  // A's store is not B's: the market, the store's plugins, its detail state, the switch and a purchase all answer "not found".
  [merchantListMarketPlugins.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },
  [merchantListShopPlugins.path]: {
    bodies: (a) => [{ shop_id: a.shopId }, { shop_id: a.shopId, status: 'enabled' }],
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantPluginDetail.path]: {
    bodies: (a) => [
      { id: a.boughtPluginId, shop_id: a.shopId },
      { id: a.trialPluginId, shop_id: a.shopId },
    ],
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantSetShopPluginStatus.path]: {
    bodies: (a) =>
      [a.boughtPluginId, a.trialPluginId].flatMap((pluginId) =>
        (['disabled', 'enabled'] as const).map((status) => ({ shop_id: a.shopId, plugin_id: pluginId, status })),
      ),
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantAddShopPlugin.path]: {
    bodies: (a) => [
      { shop_id: a.shopId, plugin_id: a.unpaidPluginId, pay_method: 'alipay' },
      { shop_id: a.shopId, plugin_id: a.boughtPluginId, mode: 'trial' },
    ],
    expect: { refused: 'NOT_FOUND' },
  },

  // ---------- Open API keys ----------
  [merchantRevealShopKey.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },
  [merchantRotateShopKey.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },

  // ---------- the store's basic config ----------
  [merchantSiteConfigDetail.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },
  [merchantSiteConfigEdit.path]: {
    bodies: (a) => [{ shop_id: a.shopId, site_name: 'Taken over' }],
    expect: { refused: 'NOT_FOUND' },
  },

  // ---------- the store's pricing ----------
  [merchantStorePricingDetail.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },
  [merchantStorePricingEdit.path]: {
    bodies: (a) => [
      {
        shop_id: a.shopId,
        currencies: ['USD'],
        rate_source: 'own',
        own_rates: { USD: '1' },
        markup_percent: 100,
        min_markup: 0,
        rounding: 'cent',
        adds_china_freight: false,
      },
    ],
    expect: { refused: 'NOT_FOUND' },
  },

  // ---------- the store's picks ----------
  [merchantStorePicksList.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },
  [merchantStorePickAdd.path]: {
    bodies: (a) => [{ shop_id: a.shopId, link: 'https://item.taobao.com/item.htm?id=520813250866' }],
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantStorePickDelete.path]: { bodies: (a) => [{ shop_id: a.shopId, id: 1 }], expect: { refused: 'NOT_FOUND' } },
  [merchantStorePickMove.path]: {
    bodies: (a) => [
      { shop_id: a.shopId, id: 1, direction: 'up' },
      { shop_id: a.shopId, id: 1, direction: 'down' },
    ],
    expect: { refused: 'NOT_FOUND' },
  },

  // ---------- the plugins' storefront settings and the store's shipping rate table ----------
  [merchantLiveChatDetail.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },
  [merchantLiveChatEdit.path]: {
    bodies: (a) => [{ shop_id: a.shopId, email: 'taken@example.com' }],
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantBuyerGuideDetail.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },
  [merchantBuyerGuideEdit.path]: {
    bodies: (a) => [{ shop_id: a.shopId, content: { 'zh-CN': '<p>Taken over</p>' } }],
    expect: { refused: 'NOT_FOUND' },
  },
  [merchantStoreShippingDetail.path]: { bodies: (a) => [{ shop_id: a.shopId }], expect: { refused: 'NOT_FOUND' } },
  [merchantStoreShippingEdit.path]: {
    bodies: (a) => [
      {
        shop_id: a.shopId,
        zones: [{ name: 'X', countries: ['US'], first_weight: 1, first_price: 1, step_weight: 1, step_price: 1 }],
      },
    ],
    expect: { refused: 'NOT_FOUND' },
  },

  // ---------- traffic reports ----------
  [merchantApiLogDetail.path]: { bodies: (a) => [{ id: a.logId }], expect: { refused: 'NOT_FOUND' } },
  [merchantListApiLogs.path]: {
    bodies: (a) => [{ shop_id: a.shopId }, { shop_id: a.shopId, time_range: 'last_30_days' }],
    expect: { answers: emptyList },
  },
  [merchantApiLogStats.path]: {
    bodies: (a) => [{ shop_id: a.shopId }],
    expect: {
      answers: (data) => {
        noCalls(data);
        expect((data as { list: unknown[] }).list).toEqual([]);
      },
    },
  },
  [merchantTrafficDashboard.path]: {
    bodies: (a) => [{ shop_id: a.shopId }],
    expect: {
      answers: (data) => {
        noCalls(data);
        expect((data as { by_store: unknown[] }).by_store).toEqual([]);
        // B owns no package: A's balance is not B's.
        expect((data as { balance: { units_left: number } }).balance.units_left).toBe(0);
      },
    },
  },

  // ---------- notices ----------
  // Notices are the platform's; the read mark is each merchant's: B marking A's read and unread notices leaves A's marks as they were.
  [merchantMarkNoticesRead.path]: {
    bodies: (a) => [{ ids: [a.readNoticeId, a.unreadNoticeId] }],
    expect: { answers: () => undefined },
  },

  // ---------- sessions ----------
  [merchantEndSession.path]: { bodies: (a) => [{ id: a.sessionId }], expect: { refused: 'NOT_FOUND' } },
};

let t: TestApp;
let a: Tenant;
let bToken: string;

/** Every row of A's: its account, and each row of any table with A's merchant_id or one of A's stores as shop_ref. */
async function rowsOf(tenant: Tenant): Promise<string[]> {
  const { rows: columns } = await t.database.executeSql(
    `select table_name, column_name from information_schema.columns
     where table_schema = current_schema() and column_name in ('merchant_id', 'shop_ref') order by table_name, column_name`,
  );
  const tables = new Map<string, string[]>();
  for (const row of columns as Array<{ table_name: string; column_name: string }>)
    tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  const { rows: shopRows } = await t.database.executeSql('select id from shops where merchant_id = $1', [tenant.id]);
  const shopRefs = (shopRows as Array<{ id: number }>).map((row) => Number(row.id));
  const found: string[] = [];
  for (const [table, names] of tables) {
    const conditions = [
      names.includes('merchant_id') ? `merchant_id = ${tenant.id}` : undefined,
      names.includes('shop_ref') && shopRefs.length ? `shop_ref in (${shopRefs.join(', ')})` : undefined,
    ].filter(Boolean);
    if (!conditions.length) continue;
    const { rows } = await t.database.executeSql(`select * from "${table}" where ${conditions.join(' or ')}`);
    for (const row of rows) found.push(`${table} ${JSON.stringify(row)}`);
  }
  const { rows: account } = await t.database.executeSql('select * from merchants where id = $1', [tenant.id]);
  found.push(`merchants ${JSON.stringify(account)}`);
  // Sessions name their user by role and id, not by merchant_id.
  const { rows: sessions } = await t.database.executeSql(
    "select * from sessions where role = 'merchant' and user_id = $1",
    [tenant.id],
  );
  for (const row of sessions) found.push(`sessions ${JSON.stringify(row)}`);
  return found.sort();
}

/** The strings of A's that no answer to B may hold (unless B sent it itself, as a store ID it asks about). */
function markersOf(tenant: Tenant) {
  return [
    tenant.shopId,
    tenant.shopName,
    tenant.contactEmail,
    tenant.email,
    tenant.key,
    tenant.paidBillNo,
    tenant.unpaidRenewalBillNo,
    tenant.unpaidPackageBillNo,
    tenant.domainName,
    tenant.unpaidPluginBillNo,
  ];
}

/** The answer as text, with an export's file decoded. */
function answerText(answer: Answer) {
  const file = (answer.data as { content_base64?: unknown } | null)?.content_base64;
  return JSON.stringify(answer) + (typeof file === 'string' ? Buffer.from(file, 'base64').toString('utf8') : '');
}

describe('tenant isolation on every merchant call that takes an id', () => {
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' }, checkDns: fakeDnsChecker });
    const admin = await signInAdmin(t);

    // Merchant A: a paid, provisioned store with its key; an unpaid renewal; a paid store package and an unpaid one; a logged call; a read notice.
    const account = await registerMerchant(t);
    const store = await merchantWithStore(t, { token: account.token });
    const ref = await storeRef(t, store.shopId);
    const key = await revealKey(t, account.token, store.shopId);
    const renewal = await expectOk(
      t.call(
        merchantRenewShop,
        { shop_id: store.shopId, term_type: 'month', term: 1, pay_method: 'alipay' },
        account.token,
      ),
    );
    const paidPackage = await expectOk(
      t.call(
        merchantCreatePackageOrder,
        { plan_id: PLAN.store, shop_id: store.shopId, pay_method: 'alipay' },
        account.token,
      ),
    );
    await expectOk(payThroughCashier(t, paidPackage.payment));
    const unpaidPackage = await expectOk(
      t.call(merchantCreatePackageOrder, { plan_id: PLAN.standard, pay_method: 'wechat' }, account.token),
    );
    const logId = await recordCall(t, {
      store: ref,
      package: { id: paidPackage.package.id, name: paidPackage.package.name },
    });
    const [bought, tried, unpaid] = [await addPlugin(t, admin), await addPlugin(t, admin), await addPlugin(t, admin)];
    const boughtPlugin = await expectOk(
      t.call(
        merchantAddShopPlugin,
        { shop_id: store.shopId, plugin_id: bought.id, pay_method: 'alipay' },
        account.token,
      ),
    );
    await expectOk(payThroughCashier(t, boughtPlugin.payment!));
    await expectOk(
      t.call(merchantAddShopPlugin, { shop_id: store.shopId, plugin_id: tried.id, mode: 'trial' }, account.token),
    );
    const unpaidPlugin = await expectOk(
      t.call(
        merchantAddShopPlugin,
        { shop_id: store.shopId, plugin_id: unpaid.id, pay_method: 'wechat' },
        account.token,
      ),
    );
    const read = await addNotice(t, admin);
    const unread = await addNotice(t, admin);
    await expectOk(t.call(merchantMarkNoticesRead, { ids: [read.id] }, account.token));
    const { list: shops } = await expectOk(t.call(merchantListShops, { keyword: store.shopId }, account.token));
    const domain = await expectOk(
      t.call(merchantAddDomain, { shop_id: store.shopId, domain: uniqueDomain('ok-a-domain') }, account.token),
    );
    const systemDomain = (
      await expectOk(t.call(merchantListDomains, { shop_id: store.shopId }, account.token))
    ).list.find((row) => row.type === 'system')!;
    a = {
      id: account.id,
      email: account.email,
      token: account.token,
      shopId: store.shopId,
      shopRef: ref.shopRef,
      shopName: ref.shopName,
      contactEmail: shops[0].contact_email,
      key,
      paidBillNo: store.purchase.bill.bill_no,
      unpaidRenewalBillNo: renewal.bill.bill_no,
      unpaidPackageBillNo: unpaidPackage.bill.bill_no,
      packageId: paidPackage.package.id,
      boughtPluginId: bought.id,
      trialPluginId: tried.id,
      unpaidPluginId: unpaid.id,
      unpaidPluginBillNo: unpaidPlugin.bill!.bill_no,
      logId,
      readNoticeId: read.id,
      unreadNoticeId: unread.id,
      domainId: domain.id,
      domainName: domain.domain,
      systemDomainId: systemDomain.id,
      sessionId: (await expectOk(t.call(merchantListSessions, {}, account.token))).list.find(
        (session) => session.is_current,
      )!.id,
    };
    // A sees its own objects (so a refusal to B is isolation, not a missing object).
    expect((await t.call(merchantApiLogDetail, { id: logId }, a.token)).code).toBe(200);
    expect((await t.call(merchantListUnreadNotices, { include_read: true, limit: 100 }, a.token)).code).toBe(200);

    // Merchant B: a store of its own, so its calls are an ordinary tenant's.
    bToken = (await merchantWithStore(t)).token;
  });
  afterAll(() => t.close());

  it('has a scenario for every merchant call with an id field in its input, and none for another call', () => {
    expect(merchantIdCalls.length).toBeGreaterThan(10);
    expect(Object.keys(scenarios).sort()).toEqual(merchantIdCalls.map((entry) => entry.call.path).sort());
  });

  it("watches A's rows in every table that holds them", async () => {
    const tables = new Set((await rowsOf(a)).map((row) => row.split(' ')[0]));
    for (const table of [
      'merchants',
      'sessions',
      'shops',
      'shop_domains',
      'bills',
      'shop_api_keys',
      'traffic_packages',
      'api_call_logs',
      'api_usage_daily',
      'notice_reads',
      'shop_plugins',
    ])
      expect(tables).toContain(table);
  });

  it.each(merchantIdCalls.map((entry) => [entry.call.path, entry.idFields.join(', ')]))(
    "%s (%s): merchant B with A's ids gets nothing of A's and changes nothing of A's",
    async (path) => {
      const scenario = scenarios[path];
      expect(scenario, `no isolation scenario for ${path}`).toBeDefined();
      const before = await rowsOf(a);
      for (const body of scenario.bodies(a)) {
        const answer = await t.callRaw<unknown>(path, body, bToken);
        const context = `${path} ${JSON.stringify(body)} → ${JSON.stringify(answer).slice(0, 500)}`;
        if ('refused' in scenario.expect) {
          expect(answer.code, context).toBe(ErrorCode[scenario.expect.refused]);
        } else {
          expect(answer.code, context).toBe(200);
          scenario.expect.answers(answer.data, a);
        }
        const sent = JSON.stringify(body);
        const text = answerText(answer);
        for (const marker of markersOf(a).filter((value) => !sent.includes(value)))
          expect(text, context).not.toContain(marker);
      }
      expect(await rowsOf(a)).toEqual(before);
    },
  );

  it('reads A’s own objects back after every probe: the probes were refused, not the objects gone', async () => {
    expect((await t.call(merchantApiLogDetail, { id: a.logId }, a.token)).data).toMatchObject({
      id: a.logId,
      shop_id: a.shopId,
    });
    expect((await expectOk(t.call(merchantRevealShopKey, { shop_id: a.shopId }, a.token))).key).toBe(a.key);
    const plugins = await expectOk(t.call(merchantListShopPlugins, { shop_id: a.shopId }, a.token));
    expect(plugins.list.map((plugin) => [plugin.id, plugin.source, plugin.shop_status]).sort()).toEqual(
      [
        [a.boughtPluginId, 'purchased', 'enabled'],
        [a.trialPluginId, 'trial', 'enabled'],
      ].sort(),
    );
    const bills = await expectOk(t.call(merchantListBills, { shop_id: a.shopId, limit: 100 }, a.token));
    expect(bills.list.map((bill) => bill.bill_no)).toEqual(
      expect.arrayContaining([a.paidBillNo, a.unpaidRenewalBillNo]),
    );
    const notices = await expectOk(t.call(merchantListUnreadNotices, { include_read: true, limit: 100 }, a.token));
    expect(notices.list.find((notice) => notice.id === a.readNoticeId)?.is_read).toBe(true);
    expect(notices.list.find((notice) => notice.id === a.unreadNoticeId)?.is_read).toBe(false);
  });
});
