/**
 * Builds the benchmark database of the traffic reports (docs/open-api.md, Reports): a fresh
 * PostgreSQL database of its own (parlour_traffic_bench; the store benchmark's parlour_bench is
 * left alone), migrated with the app's migrations, then merchants, stores, traffic packages,
 * 5,000,000 Open API call log rows and their daily roll-up, generated inside PostgreSQL
 * (generate_series, INSERT … SELECT).
 *
 *   npx tsx bench/generate-traffic.ts                     # 5,000,000 log rows over 90 days
 *   BENCH_TRAFFIC_LOGS=500000 npx tsx bench/generate-traffic.ts
 *
 * The shape, deterministic (setseed) apart from the time it runs at: 1,000 merchants with 5,000
 * stores, of which 1,500 call the API; calls per store follow a long tail (the agency merchant's
 * 500 stores rank first and make about half of them: the worst case of a merchant's reports), each store sources mostly from one platform, item_get
 * outnumbers item_search four to one, 93 % succeed, 3 % fail upstream, 2.5 % find no quota and
 * 1.5 % are rejected; the last minute holds a few pending calls. Rows are inserted in time order in
 * ten slices, so ids grow with time as they do live. The roll-up is then computed from the log
 * rows (the Open API keeps it in the settling transaction; here it is built once, equal by
 * construction), its closed days folded into the compact roll-ups as the usage-fold job would, and
 * packages get units used in line with their merchant's charged units.
 */
import { performance } from 'node:perf_hooks';
import { BENCH_ADMIN, BENCH_AGENCY_MERCHANT, BENCH_DEMO_MERCHANT } from './lib/bench-accounts';
import { generateDatabase } from './lib/generate-database';
import { runMain } from './lib/run-main';
import {
  createBenchUsageFold,
  trafficBenchDatabaseUrl,
  trafficBenchSizes,
  type TrafficBenchSizes,
} from './lib/traffic-bench';

const SLICES = 10;

function statements(
  sizes: TrafficBenchSizes,
  now: Date,
  passwordHash: string,
  adminHash: string,
): Array<[label: string, sql: string]> {
  const NOW = `'${now.toISOString()}'::timestamptz`;
  const { merchants: M, stores: S, activeStores: A, logs: L, days: D } = sizes;
  const perSlice = Math.ceil(L / SLICES);
  const sliceStatements: Array<[string, string]> = [];
  for (let slice = 0; slice < SLICES; slice += 1) {
    const rows = Math.min(perSlice, L - slice * perSlice);
    if (rows <= 0) break;
    // Slice `slice` covers [from, to) of the D days ending a minute ago, oldest slice first.
    const from = `${NOW} - interval '1 minute' - interval '${D} days' + ${slice} * interval '${D} days' / ${SLICES}`;
    sliceStatements.push([
      `logs ${slice + 1}/${SLICES} (${rows.toLocaleString('en-US')})`,
      `insert into api_call_logs (created_at, finished_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name, package_ref, package_name,
                                  status, charged_units, response_ms, error, request_params)
       select c.at, c.at + c.ms * interval '1 millisecond', s.merchant_id, s.id, s.shop_name, c.platform, c.api_code,
         case c.api_code when 'item_get' then '商品详情' else '关键词搜索' end,
         case when c.status = 'success' then p.id end, case when c.status = 'success' then p.name else '' end,
         c.status, case when c.status = 'success' then c.cost else 0 end, c.ms,
         case c.status when 'failed_upstream' then case when c.r_err < 0.5 then 'upstream timeout after 5000 ms'
              else 'upstream answered 502: item not found' end
                       when 'quota_exhausted' then 'OPEN_QUOTA_EXHAUSTED' when 'rejected' then 'OPEN_PLATFORM_DISABLED' else '' end,
         case c.api_code when 'item_get' then jsonb_build_object('num_iid', (600000000000 + floor(c.r_err * 99999999999))::bigint::text)
                         else jsonb_build_object('q', (array['连衣裙', '手机壳', '运动鞋', '茶叶', 'lipstick', 'hoodie'])[1 + floor(c.r_err * 6)::int],
                              'page', 1 + floor(c.r_err * 5)::int) end
       from (
         select d.*, gen_active.shop_ref,
           case when d.r_platform < 0.85 then gen_active.home_platform
                else (array['1688', 'taobao', 'micro_store', 'jd'])[1 + floor(d.r_platform * 97)::int % 4] end as platform,
           case when d.r_api < 0.8 then 'item_get' else 'item_search' end as api_code,
           case when d.r_api < 0.8 then 1 else 2 end as cost,
           case when d.r_status < 0.93 then 'success' when d.r_status < 0.96 then 'failed_upstream'
                when d.r_status < 0.985 then 'quota_exhausted' else 'rejected' end as status,
           case when d.r_status < 0.93 then 80 + floor(d.r_ms * d.r_ms * 900)::int
                when d.r_status < 0.96 then case when d.r_err < 0.5 then 5000 else 150 + floor(d.r_ms * 300)::int end
                else 2 + floor(d.r_ms * 10)::int end as ms
         from (
           select g, ${from} + random() * interval '${D} days' / ${SLICES} as at,
             -- The long tail: the first third of the ranks gets about half of the calls.
             1 + floor(${A} * power(random(), 1.5))::int as active_rank,
             random() as r_platform, random() as r_api, random() as r_status, random() as r_ms, random() as r_err
           from generate_series(1, ${rows}) g
         ) d
         join gen_active on gen_active.rank = d.active_rank
       ) c
       join shops s on s.id = c.shop_ref
       left join gen_package p on p.merchant_id = s.merchant_id
       order by c.at, c.g`,
    ]);
  }
  return [
    ['seed', `select setseed(0.505)`],
    [
      'operator',
      `insert into admins (account, password_hash, nickname, created_at, updated_at)
       values ('${BENCH_ADMIN.account}', '${adminHash}', 'Operator', ${NOW} - interval '2 years', ${NOW})`,
    ],
    [
      `${M} merchants`,
      `insert into merchants (email, password_hash, nickname, type, status, created_at, updated_at, last_login_at)
       select case when n = 1 then '${BENCH_DEMO_MERCHANT.email}' when n = 2 then '${BENCH_AGENCY_MERCHANT.email}' else 'merchant' || n || '@example.com' end,
         '${passwordHash}',
         case when n = 1 then 'Demo Merchant' when n = 2 then 'Global Agency' else 'Merchant ' || n end,
         case when n % 4 = 0 then 'enterprise' else 'individual' end, 'active',
         ${NOW} - interval '2 years' + n * interval '10 minutes', ${NOW}, ${NOW}
       from generate_series(1, ${M}) n`,
    ],
    // The demo merchant has 5 stores, the agency 500, the rest share the others.
    [
      `${S} stores`,
      `insert into shops (shop_id, merchant_id, shop_name, contact_email, version_id, status, expires_at, domain, currency, ready_at, created_at, updated_at)
       select 'tb' || n,
         case when n <= 5 then 1 when n <= 505 then 2 else 3 + (n * 7919) % (${M} - 2) end,
         case when n % 2 = 0 then 'Traffic Store ' || n else '流量店铺' || n end,
         'tb' || n || '@example.com', 1 + n % 3, 'operating', ${NOW} + interval '200 days', 'tb' || n || '.parlour.shop', 'CNY',
         ${NOW} - interval '1 year', ${NOW} - interval '1 year', ${NOW}
       from generate_series(1, ${S}) n`,
    ],
    // Which stores call, in order of how much: the demo merchant's 5 among them, the agency's stores near the top.
    [
      'active stores',
      `create temp table gen_active as
       select row_number() over (order by weight desc, id) as rank, id as shop_ref,
         (array['1688', 'taobao', 'micro_store', 'jd'])[1 + (id * 31) % 4] as home_platform
       from (
         select id, case when merchant_id = 2 then 2 + random() when merchant_id = 1 then 0.5 + random() * 0.2 else random() end as weight
         from shops
         where merchant_id in (1, 2) or id % ${Math.max(1, Math.round(S / A))} = 0
       ) w
       order by rank
       limit ${A}`,
    ],
    ['active index', `create unique index on gen_active (rank)`],
    // One general package per merchant (the agency has a large one), paid some weeks ago.
    [
      'packages',
      `insert into traffic_packages (merchant_id, plan_id, name, is_general, units_total, units_used, valid_days, paid_at, expires_at, created_at, updated_at)
       select m.id, 3, '专业包', true, case when m.id = 2 then 100000000 else 10000000 end, 0, 365,
         ${NOW} - interval '100 days' + (m.id % 30) * interval '1 day', ${NOW} + interval '265 days' + (m.id % 30) * interval '1 day',
         ${NOW} - interval '100 days', ${NOW}
       from merchants m`,
    ],
    [
      'store packages',
      `insert into traffic_packages (merchant_id, shop_ref, plan_id, name, is_general, units_total, units_used, valid_days,
           paid_at, expires_at, created_at, updated_at)
       select s.merchant_id, s.id, 4, '店铺专享包', false, 20000, 0, 90, ${NOW} - interval '60 days', ${NOW} + interval '30 days' - (s.id % 20) * interval '1 day',
         ${NOW} - interval '60 days', ${NOW}
       from shops s where s.id % 10 = 0`,
    ],
    [
      'package choice',
      `create temp table gen_package as select merchant_id, id, name from traffic_packages where is_general`,
    ],
    ['package index', `create unique index on gen_package (merchant_id)`],
    ...sliceStatements,
    // A few calls under way right now: charged, not yet settled, not in the roll-up.
    [
      'pending calls',
      `insert into api_call_logs (created_at, merchant_id, shop_ref, shop_name, platform, api_code, api_name, package_ref,
           package_name, status, charged_units, request_params)
       select ${NOW} - random() * interval '20 seconds', s.merchant_id, s.id, s.shop_name, '1688', 'item_get', '商品详情',
            p.id, p.name, 'pending', 1, '{"num_iid":"610947572360"}'
       from gen_active a join shops s on s.id = a.shop_ref join gen_package p on p.merchant_id = s.merchant_id
       where a.rank <= 20`,
    ],
    [
      'daily roll-up',
      `insert into api_usage_daily (day, merchant_id, shop_ref, platform, api_code, status, calls, units, total_response_ms)
       select (created_at at time zone 'UTC')::date, merchant_id, shop_ref, platform, api_code, status, count(*),
            sum(charged_units), sum(coalesce(response_ms, 0))
       from api_call_logs where status <> 'pending'
       group by 1, 2, 3, 4, 5, 6
       -- In day order, as the live roll-up grows (a day's rows are written during that day), not scattered by the hash.
       order by 1, 2, 3`,
    ],
    [
      'units used',
      `update traffic_packages p set units_used = least(p.units_total, u.units)
       from (select package_ref, sum(charged_units) as units from api_call_logs where package_ref is not null group by package_ref) u
       where u.package_ref = p.id`,
    ],
    ['drop draws', `drop table gen_active, gen_package`],
  ];
}

async function main() {
  const url = trafficBenchDatabaseUrl();
  const sizes = trafficBenchSizes();
  await generateDatabase({
    url,
    description: `${sizes.merchants} merchants, ${sizes.stores} stores (${sizes.activeStores} calling), ${sizes.logs} log rows over ${sizes.days} days`,
    labelWidth: 28,
    statements: (now, passwordHash, adminHash) => statements(sizes, now, passwordHash, adminHash),
    setUp: (client) => client.query(`set work_mem = '64MB'`),
    stepLabel: (label, result) =>
      `${label}${result.rowCount && !label.startsWith('logs') ? ` → ${result.rowCount.toLocaleString('en-US')}` : ''}`,
    finish: async (database, step) => {
      // What the usage-fold job does on its first run: every closed day into the compact roll-ups the reports read.
      let since = performance.now();
      const folded = await createBenchUsageFold(database.db).foldUsage();
      step(`fold ${folded.from}..${folded.to}`, since);
      since = performance.now();
      await database.pool.query(
        'vacuum (analyze) merchants, shops, traffic_packages, api_call_logs, api_usage_daily, api_usage_daily_shop, api_usage_daily_api',
      );
      step('vacuum analyze', since);

      const { rows } = await database.pool.query<{ label: string; count: string }>(
        `select 'log ' || status as label, count(*) from api_call_logs group by status
         union all select 'roll-up rows', count(*) from api_usage_daily
         union all select 'roll-up calls', coalesce(sum(calls), 0) from api_usage_daily
         union all select 'folded rows per store', count(*) from api_usage_daily_shop
         union all select 'folded rows per API', count(*) from api_usage_daily_api
         union all select 'agency log rows', count(*) from api_call_logs where merchant_id = 2
         union all select 'demo log rows', count(*) from api_call_logs where merchant_id = 1
         order by 1`,
      );
      for (const row of rows) console.log(`  ${row.label.padEnd(28)} ${Number(row.count).toLocaleString('en-US')}`);
    },
  });
}

runMain(main);
