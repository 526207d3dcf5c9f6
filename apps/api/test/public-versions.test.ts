import { merchantPublicVersions } from '@parlour/contract/calls/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { expectOk } from './shop-helper';

/**
 * The seeded versions on the public pricing page say what a store does today and what
 * is being built, in both languages; nothing that does not exist (orders, shipping, members,
 * multi-currency checkout, warehouses) is promised as included, and coupons, which are not planned, are gone.
 */
describe('the seeded store versions on the pricing page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const NOT_PLANNED = /coupon|优惠券|满减/i;
  const NOT_BUILT =
    /order and shipping management|members|multi-currency checkout|warehouse|uptime|webhook|订单与物流|会员|多币种结算|多仓库|可用性承诺/i;

  it.each([
    ['en-US', /^Coming: /],
    ['zh-CN', /^即将推出：/],
  ])('in %s: no coupons, nothing unbuilt promised, and what is coming named as coming', async (lang, coming) => {
    const { list } = await expectOk(t.call(merchantPublicVersions, { lang_code: lang }));
    const seeded = list.filter(
      (version) =>
        ['Starter', 'Professional', 'Enterprise', '入门版', '专业版', '企业版'].includes(version.name) ||
        version.id <= 3,
    );
    expect(seeded).toHaveLength(3);
    for (const version of seeded) {
      const text = [version.description, ...version.features].join('\n');
      expect(text, version.name).not.toMatch(NOT_PLANNED);
      expect(text, version.name).not.toMatch(NOT_BUILT);
    }
    expect(seeded[0].features.filter((feature) => coming.test(feature))).toHaveLength(2);
  });
});
