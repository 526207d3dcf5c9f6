/**
 * Builds the benchmark database of the store and bill lists: a fresh PostgreSQL database migrated
 * with the app's own migrations, then merchants, stores and bills generated inside PostgreSQL
 * (generate_series, one INSERT … SELECT per table), so a million bills take well under a minute.
 *
 *   npx tsx bench/generate-stores.ts            # 2,000 merchants, 100,000 stores, 1,000,000 bills
 *   BENCH_STORES=10000 BENCH_BILLS=100000 npx tsx bench/generate-stores.ts
 *
 * The data is deterministic (setseed) apart from the time it is generated at. Statuses agree with
 * expiry times as of that time, as the app keeps them, so the first list call has nothing to
 * refresh beyond what expired since. The store limit (5 per merchant) is the API's rule: the
 * generator spreads 100,000 stores over 2,000 merchants with a long tail (one agency merchant
 * with a few thousand stores, most with a few dozen), and gives the demo merchant exactly 5.
 * Stores and bills spread over three years of steady growth (more of them recently), each bill
 * on a store that existed by then.
 */
import { performance } from 'node:perf_hooks';
import { createShopRepository } from '../apps/api/src/modules/stores/shop/shop.repository';
import {
  BENCH_ADMIN,
  BENCH_AGENCY_MERCHANT,
  BENCH_DEMO_MERCHANT,
  benchSizes,
  type BenchSizes,
} from './lib/bench-accounts';
import { benchDatabaseUrl } from './lib/bench-database';
import { generateDatabase } from './lib/generate-database';
import { runMain } from './lib/run-main';

const NAME_WORDS = [
  'Golden',
  'Panda',
  'Jade',
  'Lucky',
  'Dragon',
  'Lotus',
  'Orient',
  'Silk',
  'Bamboo',
  'Phoenix',
  'Harbor',
  'Maple',
  'Coral',
  'Summit',
  'Cedar',
  'Amber',
  'Willow',
  'Pearl',
  'Crane',
  'Tiger',
  'Peony',
  'Sakura',
  'River',
  'Cloud',
  'Star',
];
const CN_WORDS = [
  '金熊猫',
  '玉兰',
  '好运',
  '东方',
  '丝路',
  '竹林',
  '凤凰',
  '海港',
  '枫叶',
  '珊瑚',
  '山顶',
  '琥珀',
  '垂柳',
  '珍珠',
  '仙鹤',
  '老虎',
  '牡丹',
  '樱花',
  '长江',
  '云端',
  '星辰',
  '锦鲤',
  '青花',
  '龙井',
  '紫禁',
];
const KINDS = ['Mall', 'Buy', 'Shop', 'Store', 'Outlet', 'Market', 'Select', 'Direct'];
const CN_KINDS = ['代购', '海淘', '优选', '商城', '小铺', '严选', '直邮', '好物'];
const PLUGINS = [
  ['插件 · 优惠券营销', 19900],
  ['插件 · 满减活动', 29900],
  ['插件 · 多语言翻译', 49900],
  ['插件 · 集运管理', 99900],
  ['插件 · 会员等级', 39900],
  ['插件 · 物流追踪', 15900],
] as const;
const TRAFFIC = [
  ['流量包 · 1万次', 9900],
  ['流量包 · 10万次', 79900],
  ['流量包 · 50万次', 299900],
  ['流量包 · 100万次', 499900],
] as const;

const sqlArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
const sqlValues = (rows: ReadonlyArray<readonly [string, number]>) =>
  rows.map(([name, amount], index) => `(${index}, '${name}', ${amount})`).join(', ');

function statements(
  sizes: BenchSizes,
  now: Date,
  passwordHash: string,
  adminHash: string,
): Array<[label: string, sql: string]> {
  const NOW = `'${now.toISOString()}'::timestamptz`;
  const { merchants: M, stores: S, bills: B } = sizes;
  return [
    ['seed', `select setseed(0.2026)`],
    [
      'operator',
      `insert into admins (account, password_hash, nickname, created_at, updated_at)
       values ('${BENCH_ADMIN.account}', '${adminHash}', 'Operator', ${NOW} - interval '3 years', ${NOW})`,
    ],
    [
      `${M} merchants`,
      `insert into merchants (email, mobile, password_hash, nickname, type, status, created_at, updated_at, last_login_at)
       select
         case when n = 1 then '${BENCH_DEMO_MERCHANT.email}' when n = 2 then '${BENCH_AGENCY_MERCHANT.email}'
              when n % 5 = 0 then null else 'merchant' || n || '@example.com' end,
         case when n > 2 and (n % 5 = 0 or n % 3 = 0) then '13' || lpad(((n::bigint * 7919) % 1000000000)::text, 9, '0') end,
         '${passwordHash}',
         case when n = 1 then 'Demo Merchant' when n = 2 then 'Global Agency'
              else (${sqlArray(NAME_WORDS)})[1 + n % 25] || ' ' || (${sqlArray(KINDS)})[1 + (n / 25) % 8] || ' ' || n end,
         case when n % 4 = 0 then 'enterprise' else 'individual' end,
         case when n > 2 and n % 97 = 0 then 'disabled' else 'active' end,
         ${NOW} - interval '3 years' - random() * interval '90 days',
         ${NOW} - random() * interval '30 days',
         ${NOW} - random() * interval '30 days'
       from generate_series(1, ${M}) n`,
    ],
    // One row per store with its random draws; the insert below orders them by creation time, so ids grow with time as in a live system.
    [
      'store draws',
      `create temp table gen_shop as
       select n,
         case when n <= 5 then 1 else 2 + floor((${M} - 1) * power(random(), 2))::int end as merchant_id,
         case n when 1 then 0.5 when 2 then 0.3 when 3 then 0.65 when 4 then 0.9 when 5 then 0.01 else random() end as r_status,
         random() as r_version, random() as r_created, random() as r_expiry, random() as r_misc
       from generate_series(1, ${S}) n`,
    ],
    [
      'store columns',
      `create temp table gen_shop2 as
       select g.*,
         case when r_status < 0.02 then 'unpaid' when r_status < 0.0202 then 'initializing' when r_status < 0.07 then 'trial'
              when r_status < 0.62 then 'operating' when r_status < 0.70 then 'pending_renewal' else 'disabled' end as status,
         case when r_version < 0.5 then 1 when r_version < 0.85 then 2 else 3 end as version_id,
         lower((${sqlArray(NAME_WORDS)})[1 + n % 25]) || n as shop_id,
         case when n % 2 = 0 then (${sqlArray(NAME_WORDS)})[1 + (n / 2) % 25] || ' ' || (${sqlArray(KINDS)})[1 + (n / 50) % 8] || ' ' || n
              else (${sqlArray(CN_WORDS)})[1 + (n / 2) % 25] || (${sqlArray(CN_KINDS)})[1 + (n / 50) % 8] || n end as shop_name
       from gen_shop g`,
    ],
    [
      'store times',
      `create temp table gen_shop3 as
       select g.*,
         case status
           when 'unpaid' then null
           when 'initializing' then ${NOW} + interval '30 days'
           when 'trial' then created_at + interval '14 days'
           when 'operating' then ${NOW} + interval '1 hour' + r_expiry * interval '365 days'
           when 'pending_renewal' then ${NOW} - interval '1 hour' - r_expiry * interval '6 days'
           else case when r_misc < 0.05 then ${NOW} + r_expiry * interval '300 days'
                     else created_at + (${NOW} - interval '8 days' - created_at) * (0.1 + 0.9 * r_expiry) end
         end as expires_at
       from (
         select g.*,
           case status
             when 'initializing' then ${NOW} - r_created * interval '1 minute'
             when 'trial' then ${NOW} - r_created * interval '10 days'
             when 'pending_renewal' then ${NOW} - interval '1095 days' + sqrt(r_created) * interval '1055 days'
             when 'disabled' then ${NOW} - interval '1095 days' + sqrt(r_created) * interval '1035 days'
             else ${NOW} - interval '1095 days' + sqrt(r_created) * interval '1094 days'
           end as created_at
         from gen_shop2 g
       ) g`,
    ],
    [
      `${S} stores`,
      `insert into shops (shop_id, merchant_id, shop_name, contact_email, version_id, status, is_trial, trial_started_at, is_disabled_by_operator,
                          expires_at, domain, site_config, order_count, shipment_count, total_revenue, member_count, currency,
                          initializing_since, ready_at, operator_remark, created_at, updated_at)
       select shop_id, merchant_id, shop_name, shop_id || '@example.com', version_id, status,
         status = 'trial',
         case when status = 'trial' or r_misc < 0.3 then created_at end,
         status = 'disabled' and r_misc < 0.05,
         expires_at,
         case when status in ('unpaid', 'initializing') then null when r_misc > 0.9 then 'www.' || shop_id || '.com' else shop_id || '.parlour.shop' end,
         case when status in ('unpaid', 'initializing') then null
              else jsonb_build_object('site_name', shop_name, 'contact_email', shop_id || '@example.com',
                                      'language', 'zh-CN', 'currency', 'CNY', 'theme', 'default') end,
         floor(r_misc * 5000)::int, floor(r_misc * 4000)::int, floor(r_misc * r_expiry * 50000000)::bigint, floor(r_expiry * 3000)::int, 'CNY',
         case when status = 'unpaid' then null else created_at end,
         case when status in ('unpaid', 'initializing') then null else created_at + interval '2 minutes' end,
         case when status = 'disabled' and r_misc < 0.05 then '违规经营，暂停服务' else '' end,
         created_at,
         greatest(created_at, least(coalesce(expires_at, created_at), ${NOW}))
       from gen_shop3 g
       order by g.created_at, g.n`,
    ],
    [
      'prices',
      `create temp table gen_price as
       select v.id as version_id, v.name as version_name, p->>'type' as term_type, (p->>'term')::int as term, (p->>'amount')::int as amount
       from store_versions v, jsonb_array_elements(v.prices) p`,
    ],
    [
      'bill draws',
      `create temp table gen_bill as
       select g, least(${S}, 1 + floor(random() * ${S} * r_time))::int as shop_ref, r_type, r_status,
         ${NOW} - interval '1095 days' + sqrt(r_time) * (interval '1095 days' - interval '31 minutes') as at, r_term, r_pay, r_misc
       from (select g, random() as r_type, random() as r_status, random() as r_time, random() as r_term, random() as r_pay, random() as r_misc
             from generate_series(1, ${B}) g) draws`,
    ],
    [
      'bill columns',
      `create temp table gen_bill2 as
       select b.g, b.shop_ref, s.merchant_id, s.shop_name, s.version_id, b.r_pay, b.r_misc,
         case when s.status = 'unpaid' then 'new_store'
              when s.status in ('trial', 'initializing') then case when b.r_type < 0.6 then 'plugin' else 'traffic_package' end
              when b.r_type < 0.1 then 'new_store' when b.r_type < 0.6 then 'renewal' when b.r_type < 0.85 then 'plugin' else 'traffic_package' end as type,
         case when s.status = 'unpaid' then case when b.r_status < 0.7 then 'expired' else 'cancelled' end
              when b.r_status < 0.8 then 'paid' when b.r_status < 0.92 then 'expired' else 'cancelled' end as status,
         case when b.r_term < 0.7 then 'month' else 'year' end as term_type,
         case when b.r_term < 0.7 then (array[1, 3, 6, 12])[1 + floor(b.r_term / 0.7 * 4)::int]
              else (array[1, 2, 3])[1 + floor((b.r_term - 0.7) / 0.3 * 3)::int] end as term,
         greatest(b.at, s.created_at + interval '1 minute') as created_at
       from gen_bill b join shops s on s.id = b.shop_ref`,
    ],
    [
      `${B} bills`,
      `insert into bills (bill_no, merchant_id, shop_ref, shop_name, type, product_name, version_id, package_name, term_type,
                          term, amount, currency, status, pay_method, channel, expires_at, paid_at, cancelled_at, provider,
                          trade_no, remark, created_by_admin_id, created_at, updated_at)
       select
         'B' || to_char(b.created_at at time zone 'UTC', 'YYYYMMDDHH24MISS') || lpad((b.g % 1000000)::text, 6, '0'),
         b.merchant_id, b.shop_ref, b.shop_name, b.type,
         case b.type
           when 'new_store' then '新开店铺 · ' || p.version_name || ' · ' || p.term || case p.term_type when 'month' then '个月' else '年' end
           when 'renewal' then '店铺续费 · ' || p.version_name || ' · ' || p.term || case p.term_type when 'month' then '个月' else '年' end
           when 'plugin' then plugin.name
           else traffic.name
         end,
         case when b.type in ('new_store', 'renewal') then b.version_id end,
         case when b.type in ('new_store', 'renewal') then p.version_name else '' end,
         case when b.type in ('new_store', 'renewal') then p.term_type end,
         case when b.type in ('new_store', 'renewal') then p.term end,
         case b.type when 'plugin' then plugin.amount when 'traffic_package' then traffic.amount else p.amount end,
         'CNY', b.status,
         case when b.status = 'paid' and b.r_pay < 0.05 then null when b.r_pay < 0.45 then 'wechat' when b.r_pay < 0.9 then 'alipay' else 'paypal' end,
         case when b.status = 'paid' and b.r_pay < 0.05 then 'offline' else 'online' end,
         b.created_at + interval '30 minutes',
         case when b.status = 'paid' then b.created_at + b.r_misc * interval '25 minutes' end,
         case when b.status = 'cancelled' then b.created_at + b.r_misc * interval '20 minutes' end,
         case when b.status = 'paid' and b.r_pay >= 0.05 then 'sandbox' end,
         case when b.status = 'paid' and b.r_pay >= 0.05 then 'SBX' || lpad(b.g::text, 12, '0') end,
         case when b.status = 'paid' and b.r_pay < 0.05 then '线下转账' else '' end,
         case when b.status = 'paid' and b.r_pay < 0.05 then 1 end,
         b.created_at,
         b.created_at + case b.status when 'paid' then b.r_misc * interval '25 minutes'
                                      when 'cancelled' then b.r_misc * interval '20 minutes' else interval '30 minutes' end
       from gen_bill2 b
       join gen_price p on p.version_id = b.version_id and p.term_type = b.term_type and p.term = b.term
       join (values ${sqlValues(PLUGINS)}) as plugin(idx, name, amount) on plugin.idx = b.g % ${PLUGINS.length}
       join (values ${sqlValues(TRAFFIC)}) as traffic(idx, name, amount) on traffic.idx = b.g % ${TRAFFIC.length}
       order by b.created_at, b.g`,
    ],
    // Bills waiting for payment right now: a first bill for some unpaid stores, a renewal for some lapsed ones.
    [
      'unpaid bills',
      `insert into bills (bill_no, merchant_id, shop_ref, shop_name, type, product_name, version_id, package_name, term_type, term, amount, currency,
                          status, pay_method, channel, expires_at, created_at, updated_at)
       select 'B' || to_char(t.bill_created_at at time zone 'UTC', 'YYYYMMDDHH24MISS') || 'U' || lpad(t.id::text, 5, '0'),
         t.merchant_id, t.id, t.shop_name, t.type,
         case t.type when 'new_store' then '新开店铺 · ' else '店铺续费 · ' end || p.version_name || ' · 1个月',
         t.version_id, p.version_name, 'month', 1, p.amount, 'CNY', 'unpaid', 'alipay', 'online',
         t.bill_created_at + interval '30 minutes', t.bill_created_at, t.bill_created_at
       from (
         select s.*, case when s.status = 'unpaid' then 'new_store' else 'renewal' end as type, ${NOW} - random() * interval '20 minutes' as bill_created_at
         from (
           (select * from shops where status = 'unpaid' order by id limit ${Math.max(1, Math.round(S * 0.0015))})
           union all
           (select * from shops where status = 'pending_renewal' order by id desc limit ${Math.max(1, Math.round(S * 0.001))})
         ) s
       ) t
       join gen_price p on p.version_id = t.version_id and p.term_type = 'month' and p.term = 1
       order by t.bill_created_at`,
    ],
    ['drop draws', `drop table gen_shop, gen_shop2, gen_shop3, gen_price, gen_bill, gen_bill2`],
  ];
}

async function main() {
  const url = benchDatabaseUrl();
  const sizes = benchSizes();
  await generateDatabase({
    url,
    description: `${sizes.merchants} merchants, ${sizes.stores} stores, ${sizes.bills} bills`,
    labelWidth: 22,
    statements: (now, passwordHash, adminHash) => statements(sizes, now, passwordHash, adminHash),
    finish: async (database, step) => {
      // The store sweep folds the status deltas the inserts appended into the tab counters every
      // minute; a live platform never holds 100,000 unfolded deltas, so neither does the benchmark.
      let since = performance.now();
      await createShopRepository(database.db).foldStatusDeltas();
      step('fold status deltas', since);
      // As autovacuum would have long since done on a live database: statistics and the visibility map.
      since = performance.now();
      await database.pool.query(
        'vacuum (analyze) merchants, shops, bills, shop_status_counts, shop_status_deltas, income_daily',
      );
      step('vacuum analyze', since);

      const { rows } = await database.pool.query<{ status: string; count: string }>(
        `select 'store ' || status as status, count(*) from shops group by status
         union all select 'bill ' || status, count(*) from bills group by status order by 1`,
      );
      for (const row of rows) console.log(`  ${row.status.padEnd(22)} ${Number(row.count).toLocaleString('en-US')}`);
    },
  });
}

runMain(main);
