import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundPolicy } from '../src/lib/outbound/outbound-policy';
import { createHttpProductDataProvider } from '../src/providers/product-data/http-product-data-provider';
import { toMinorUnits } from '../src/providers/product-data/product-data-provider';
import {
  createSandboxProductDataProvider,
  sandboxItem,
} from '../src/providers/product-data/sandbox-product-data-provider';
import { startFakeVendor, VENDOR_KEY, VENDOR_SECRET, type FakeVendor } from './fake-product-vendor';

describe('product data: sandbox provider', () => {
  const sandbox = createSandboxProductDataProvider();

  it('answers a realistic item for any id, the same every time', async () => {
    const first = await sandbox.call({
      platform: 'taobao',
      apiCode: 'item_get',
      params: { num_iid: '520813250866' },
      timeoutMs: 1000,
    });
    const second = await sandbox.call({
      platform: 'taobao',
      apiCode: 'item_get',
      params: { num_iid: '520813250866' },
      timeoutMs: 1000,
    });
    expect(first).toEqual(second);
    expect(first.isOk).toBe(true);
    const item = (first as { data: ReturnType<typeof sandboxItem> }).data;
    expect(item).toMatchObject({ platform: 'taobao', item_id: '520813250866', currency: 'CNY' });
    expect(item.title.length).toBeGreaterThan(4);
    expect(Number.isInteger(item.price) && item.price > 0).toBe(true);
    expect(item.original_price).toBeGreaterThanOrEqual(item.price);
    expect(item.images.length).toBeGreaterThanOrEqual(2);
    expect(item.skus.length).toBeGreaterThan(1);
    for (const sku of item.skus) {
      expect(sku.props.length).toBeGreaterThan(0);
      expect(Number.isInteger(sku.price) && Number.isInteger(sku.stock)).toBe(true);
    }
    expect(item.stock).toBe(item.skus.reduce((sum, sku) => sum + sku.stock, 0));
    expect(item.seller.nick).not.toBe('');
    // Another id or platform answers another item.
    expect(sandboxItem('taobao', '1').title === item.title && sandboxItem('taobao', '1').price === item.price).toBe(
      false,
    );
    expect(sandboxItem('jd', '520813250866').url).toBe('https://item.jd.com/520813250866.html');
  });

  it('answers search pages and refuses what it does not serve', async () => {
    const page1 = await sandbox.call({
      platform: '1688',
      apiCode: 'item_search',
      params: { q: '保温杯', page: '1' },
      timeoutMs: 1000,
    });
    const page2 = await sandbox.call({
      platform: '1688',
      apiCode: 'item_search',
      params: { q: '保温杯', page: '2' },
      timeoutMs: 1000,
    });
    const first = (page1 as { data: { items: Array<{ item_id: string }>; total: number; page: number } }).data;
    const second = (page2 as { data: { items: Array<{ item_id: string }>; total: number; page: number } }).data;
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(second.total);
    expect(second.page).toBe(2);
    expect(first.items[0].item_id).not.toBe(second.items[0].item_id);
    expect(await sandbox.call({ platform: '1688', apiCode: 'shop_info', params: {}, timeoutMs: 1000 })).toMatchObject({
      isOk: false,
      kind: 'unsupported',
    });
    expect(await sandbox.call({ platform: '1688', apiCode: 'item_get', params: {}, timeoutMs: 1000 })).toMatchObject({
      isOk: false,
      kind: 'vendor',
    });
  });

  it('reads money as minor units without floating point errors', () => {
    expect(toMinorUnits('25.80')).toBe(2580);
    expect(toMinorUnits('9')).toBe(900);
    expect(toMinorUnits(0.29)).toBe(29);
    expect(toMinorUnits('19.995')).toBe(2000);
    expect(toMinorUnits('abc')).toBeNaN();
  });
});

describe('product data: HTTP provider against a fake vendor on 127.0.0.1', () => {
  let vendor: FakeVendor;
  // The fake listens on loopback: reachable only because the policy allow-lists it, as OUTBOUND_ALLOW does.
  const policy = createOutboundPolicy({ allow: ['127.0.0.1'] });
  beforeAll(async () => {
    vendor = await startFakeVendor();
  });
  afterAll(() => vendor.close());
  beforeEach(() => {
    vendor.requests.length = 0;
    vendor.behaviour.delayMs = 0;
    vendor.behaviour.status = null;
  });
  const provider = () =>
    createHttpProductDataProvider({ baseUrl: `${vendor.baseUrl}/`, key: VENDOR_KEY, secret: VENDOR_SECRET, policy });

  it('sends key and secret as query parameters on the platform path and maps the item', async () => {
    const outcome = await provider().call({
      platform: 'micro_store',
      apiCode: 'item_get',
      params: { num_iid: '777' },
      timeoutMs: 2000,
    });
    expect(vendor.requests).toEqual([
      { path: '/micro/item_get/', query: { key: VENDOR_KEY, secret: VENDOR_SECRET, num_iid: '777' } },
    ]);
    expect(outcome).toEqual({
      isOk: true,
      data: {
        platform: 'micro_store',
        item_id: '777',
        title: '三扬木折叠刀迷你钥匙扣',
        url: 'https://item.taobao.com/item.htm?id=777',
        price: 2580,
        original_price: 3990,
        currency: 'CNY',
        stock: 832,
        images: ['https://img.alicdn.com/imgextra/i1/main.jpg', 'https://img.alicdn.com/imgextra/i2/side.jpg'],
        skus: [
          {
            sku_id: '4333333301',
            props: [{ name: '颜色分类', value: '黑色' }],
            props_text: '颜色分类:黑色',
            price: 2580,
            stock: 500,
            image: 'https://img.alicdn.com/imgextra/i3/black.jpg',
          },
          {
            sku_id: '4333333302',
            props: [{ name: '颜色分类', value: '白色' }],
            props_text: '颜色分类:白色',
            price: 2750,
            stock: 332,
          },
        ],
        seller: { id: '59531614', nick: '开心客栈', shop_name: '开心客栈 旗舰店', location: '浙江 杭州' },
        // express_fee, the courier's price (post_fee is empty).
        china_freight: 1200,
        // No min_num: sold from 1.
        min_quantity: 1,
      },
    });
  });

  it('maps the search order to the vendor’s sort and reads item_password’s item', async () => {
    const orders: Array<[string, string | undefined]> = [
      ['price_asc', 'bid'],
      ['price_desc', '_bid'],
      ['sales', '_sale'],
      ['default', undefined],
    ];
    for (const [sort, vendorSort] of orders) {
      await provider().call({ platform: 'taobao', apiCode: 'item_search', params: { q: '伞', sort }, timeoutMs: 2000 });
      expect(vendor.requests.at(-1)!.query.sort, sort).toBe(vendorSort);
    }
    expect(
      await provider().call({
        platform: 'taobao',
        apiCode: 'item_password',
        params: { word: 'https://m.tb.cn/h.VudJ7MB' },
        timeoutMs: 2000,
      }),
    ).toEqual({
      isOk: true,
      data: { platform: 'taobao', item_id: '13734572962', url: 'https://item.taobao.com/item.htm?id=13734572962' },
    });
    expect(vendor.requests.at(-1)!.query.word).toBe('https://m.tb.cn/h.VudJ7MB');
    expect(
      await provider().call({
        platform: 'taobao',
        apiCode: 'item_password',
        params: { word: 'unknown' },
        timeoutMs: 2000,
      }),
    ).toEqual({ isOk: false, kind: 'not_found', error: 'item_password: error taobao password' });
  });

  it('maps a search page and passes other APIs through without the vendor envelope', async () => {
    const search = await provider().call({
      platform: 'taobao',
      apiCode: 'item_search',
      params: { q: '雨伞', page: '3' },
      timeoutMs: 2000,
    });
    expect(vendor.requests[0]).toMatchObject({ path: '/taobao/item_search/', query: { q: '雨伞', page: '3' } });
    expect(search).toMatchObject({
      isOk: true,
      data: {
        platform: 'taobao',
        query: '雨伞',
        page: 3,
        total: 57,
        items: [
          { item_id: '1001', price: 1990, image: 'https://img.alicdn.com/a.jpg', sales: 88, seller_nick: '甲店' },
          { item_id: '1002', price: 900, sales: 12, seller_nick: '乙店' },
        ],
      },
    });
    const other = await provider().call({
      platform: 'jd',
      apiCode: 'shop_info',
      params: { shop_id: '9' },
      timeoutMs: 2000,
    });
    expect(other).toEqual({ isOk: true, data: { shop: { id: '9' } } });
  });

  it('maps vendor error answers: wrong key, wrong secret, missing item', async () => {
    const wrongKey = createHttpProductDataProvider({
      baseUrl: vendor.baseUrl,
      key: 'nope',
      secret: VENDOR_SECRET,
      policy,
    });
    expect(
      await wrongKey.call({ platform: 'taobao', apiCode: 'item_get', params: { num_iid: '1' }, timeoutMs: 2000 }),
    ).toEqual({ isOk: false, kind: 'vendor', error: '4005: key不存在或已禁用' });
    const wrongSecret = createHttpProductDataProvider({
      baseUrl: vendor.baseUrl,
      key: VENDOR_KEY,
      secret: 'nope',
      policy,
    });
    expect(
      await wrongSecret.call({ platform: 'taobao', apiCode: 'item_get', params: { num_iid: '1' }, timeoutMs: 2000 }),
    ).toEqual({ isOk: false, kind: 'vendor', error: '4006: secret不正确' });
    expect(
      await provider().call({ platform: 'taobao', apiCode: 'item_get', params: { num_iid: '404' }, timeoutMs: 2000 }),
    ).toEqual({ isOk: false, kind: 'not_found', error: '2000: 宝贝不存在' });
  });

  it('maps 5xx answers, unreadable answers and refused connections', async () => {
    vendor.behaviour.status = 502;
    const bad = await provider().call({
      platform: 'jd',
      apiCode: 'item_get',
      params: { num_iid: '1' },
      timeoutMs: 2000,
    });
    expect(bad).toMatchObject({ isOk: false, kind: 'http' });
    expect((bad as { error: string }).error).toMatch(/^HTTP 502 Bad Gateway/);
    vendor.behaviour.status = null;
    const refused = createHttpProductDataProvider({
      baseUrl: 'http://127.0.0.1:1',
      key: VENDOR_KEY,
      secret: VENDOR_SECRET,
      policy,
    });
    expect(
      await refused.call({ platform: 'jd', apiCode: 'item_get', params: { num_iid: '1' }, timeoutMs: 2000 }),
    ).toMatchObject({ isOk: false, kind: 'network' });
    const wrongPath = createHttpProductDataProvider({
      baseUrl: vendor.baseUrl,
      key: VENDOR_KEY,
      secret: VENDOR_SECRET,
      platformPaths: { jd: 'jingdong' },
      policy,
    });
    expect(
      await wrongPath.call({ platform: 'jd', apiCode: 'item_get', params: { num_iid: '1' }, timeoutMs: 2000 }),
    ).toMatchObject({ isOk: false, kind: 'http', error: expect.stringMatching(/^HTTP 404/) });
  });

  it('gives up after the timeout', async () => {
    vendor.behaviour.delayMs = 1_000;
    const started = Date.now();
    const outcome = await provider().call({
      platform: 'taobao',
      apiCode: 'item_get',
      params: { num_iid: '1' },
      timeoutMs: 150,
    });
    expect(outcome).toEqual({ isOk: false, kind: 'timeout', error: 'timeout: no answer within 150 ms' });
    expect(Date.now() - started).toBeLessThan(900);
  });
});
