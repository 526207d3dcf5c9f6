import {
  adminApiLogDetail,
  adminApiLogStats,
  adminListApiLogs,
  adminMerchantStats,
  adminPlatformStats,
  adminTrafficDashboard,
  merchantApiLogDetail,
  merchantApiLogStats,
  merchantListApiLogs,
  merchantStoreUsage,
  merchantTrafficDashboard,
} from '@parlour/contract/calls/traffic-report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, businessDay, registerMerchant, type TestApp } from './helper';
import { signInAdmin } from './shop-helper';

const day = (offsetDays: number) => businessDay(new Date(Date.now() + offsetDays * 86_400_000));

describe('traffic reports: errors', () => {
  let t: TestApp;
  let token: string;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    token = (await registerMerchant(t)).token;
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  describe('[VALIDATION]', () => {
    it.each([
      [
        { time_range: 'yesterday' },
        'Time range must be today, last 7 days, last 30 days or custom',
        '时间范围须为今天、近 7 天、近 30 天或自定义',
      ],
      [
        { time_range: 'custom' },
        'A custom time range needs a start date and an end date',
        '自定义时间范围须填写开始日期和结束日期',
      ],
      [
        { time_range: 'custom', start_date: day(-3) },
        'A custom time range needs a start date and an end date',
        '自定义时间范围须填写开始日期和结束日期',
      ],
      [{ time_range: 'custom', start_date: day(0), end_date: day(-3) }, 'Date range is not valid', '时间范围不正确'],
      [
        { time_range: 'custom', start_date: '2026-13-01', end_date: day(0) },
        'Date range is not valid',
        '时间范围不正确',
      ],
      [
        { time_range: 'custom', start_date: '2026-02-31', end_date: '2026-03-05' },
        'Date range is not valid',
        '时间范围不正确',
      ],
      [
        { time_range: 'custom', start_date: day(-400), end_date: day(0) },
        'The date range may cover at most 366 days',
        '时间范围最多 366 天',
      ],
      [{ platform: 'amazon' }, 'Platform must be 1688, taobao, micro store or jd', '平台须为 1688、淘宝、微店或京东'],
      [
        { api_code: 'Item-Get' },
        'API code may contain only lower-case letters, digits and underscores',
        '接口编码只能包含小写字母、数字和下划线',
      ],
      [
        { status: 'ok' },
        'Call status must be pending, success, failed upstream, quota exhausted or rejected',
        '调用状态须为处理中、成功、上游失败、额度不足或已拒绝',
      ],
      [{ page: 0 }, 'Page must be a positive whole number', '页码须为正整数'],
      [{ limit: 500 }, 'Limit must be between 1 and 100', '每页条数须为 1-100'],
    ])('refuses the log list with %j, naming the field in both languages', async (body, english, chinese) => {
      expect(await t.callRaw(merchantListApiLogs, { ...body, lang_code: 'en-US' }, token)).toMatchObject({
        code: 10001,
        msg: english,
      });
      expect(await t.callRaw(merchantListApiLogs, { ...body, lang_code: 'zh-CN' }, token)).toMatchObject({
        code: 10001,
        msg: chinese,
      });
      expect(await t.callRaw(adminListApiLogs, { ...body, lang_code: 'en-US' }, adminToken)).toMatchObject({
        code: 10001,
        msg: english,
      });
    });

    it('applies the same time rules to every report', async () => {
      const bad = { time_range: 'custom', start_date: day(0), end_date: day(-1), lang_code: 'en-US' };
      for (const [path, as] of [
        [merchantTrafficDashboard, token],
        [merchantApiLogStats, token],
        [merchantStoreUsage, token],
        [adminTrafficDashboard, adminToken],
        [adminPlatformStats, adminToken],
        [adminMerchantStats, adminToken],
        [adminApiLogStats, adminToken],
      ] as const) {
        expect(await t.callRaw(path, bad, as), path.path).toMatchObject({
          code: 10001,
          msg: 'Date range is not valid',
        });
      }
    });

    it('accepts a custom range of exactly 366 days and a single day', async () => {
      expect(
        (
          await t.call(
            merchantTrafficDashboard,
            { time_range: 'custom', start_date: day(-365), end_date: day(0) },
            token,
          )
        ).code,
      ).toBe(200);
      expect(
        (
          await t.call(
            merchantTrafficDashboard,
            { time_range: 'custom', start_date: day(-1), end_date: day(-1) },
            token,
          )
        ).code,
      ).toBe(200);
    });

    it('refuses a log id that is not a positive whole number', async () => {
      for (const id of ['abc', 0, -3, 1.5]) {
        expect(await t.call(merchantApiLogDetail, { id, lang_code: 'en-US' }, token)).toMatchObject({
          code: 10001,
          msg: 'Log ID must be a positive whole number',
        });
      }
      expect(await t.callRaw(adminApiLogDetail, { lang_code: 'zh-CN' }, adminToken)).toMatchObject({
        code: 10001,
        msg: '日志 ID 须为正整数',
      });
    });
  });

  describe('[NOT FOUND]', () => {
    it('answers "not found" for a log that does not exist', async () => {
      expect((await t.call(merchantApiLogDetail, { id: 987654321 }, token)).code).toBe(10004);
      expect((await t.call(adminApiLogDetail, { id: 987654321 }, adminToken)).code).toBe(10004);
    });

    it('answers an empty list for an unknown store or merchant rather than an error', async () => {
      expect(await t.call(merchantListApiLogs, { shop_id: 'nosuchstore' }, token)).toMatchObject({
        code: 200,
        data: { list: [], total: 0 },
      });
      expect(await t.call(adminListApiLogs, { merchant_id: 987654 }, adminToken)).toMatchObject({
        code: 200,
        data: { list: [], total: 0 },
      });
    });
  });
});
