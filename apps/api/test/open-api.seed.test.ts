import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANT, seedDatabase } from '../src/db/seed/seed';
import { buildTestApp, testConfig } from './helper';

describe('demo seed: Open API calls', () => {
  it('makes about forty real calls for the demo stores: the yearly store charged, the others rejected; once', async () => {
    const t = await buildTestApp();
    try {
      const config = testConfig();
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: true });
      const { rows } = await t.database.executeSql(
        `select s.shop_id, l.status, count(*)::int as calls, sum(l.charged_units)::int as units
         from api_call_logs l join shops s on s.id = l.shop_ref join merchants m on m.id = l.merchant_id
         where m.email = $1 group by s.shop_id, l.status order by s.shop_id, l.status`,
        [DEMO_MERCHANT.email],
      );
      expect(rows).toEqual([
        // 34 Open API calls, then the six picks the demo pins (an item_get each, as the storefront's).
        { shop_id: 'demoglobal', status: 'success', calls: 40, units: 46 },
        { shop_id: 'demotaobao', status: 'rejected', calls: 3, units: 0 },
        { shop_id: 'demotrial', status: 'rejected', calls: 3, units: 0 },
      ]);
      // Paid from the store package first; the general package is untouched.
      const { rows: packages } = await t.database.executeSql(
        'select name, units_used from traffic_packages order by id',
      );
      expect(packages).toEqual([
        { name: '标准包', units_used: 0 },
        { name: '店铺专享包', units_used: 46 },
      ]);
      const { rows: rollup } = await t.database.executeSql(
        'select sum(calls)::int as calls, sum(units)::int as units from api_usage_daily',
      );
      expect(rollup).toEqual([{ calls: 46, units: 46 }]);
      expect(await seedDatabase(t.app, config)).toEqual({ demoSeeded: false });
      const { rows: after } = await t.database.executeSql('select count(*)::int as n from api_call_logs');
      expect(after).toEqual([{ n: 46 }]);
    } finally {
      await t.close();
    }
  }, 90_000);
});
