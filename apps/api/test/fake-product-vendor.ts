import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake onebound-style product-data vendor on 127.0.0.1: `GET /<platform>/<api>/?key&secret&…`.
 * It checks the key and secret like the real one (error body with a code, HTTP 200), answers items
 * and searches, and can be told to be slow or to fail with a status.
 */
export const VENDOR_KEY = 'test-key-123';
export const VENDOR_SECRET = 'test-secret-456';
/** Onebound's platform paths, which the fake answers on unless a test adds others. */
const PLATFORM_PATHS = ['1688', 'taobao', 'micro', 'jd'];

export interface FakeVendor {
  baseUrl: string;
  requests: Array<{ path: string; query: Record<string, string> }>;
  /** Next answers: delay in ms, or an HTTP status to fail with. */
  behaviour: { delayMs: number; status: number | null };
  /** The platform path segments this vendor answers on; anything else is a 404. */
  platformPaths: Set<string>;
  close(): Promise<void>;
}

export function vendorItem(numIid: string) {
  return {
    num_iid: numIid,
    title: '三扬木折叠刀迷你钥匙扣',
    price: '25.80',
    orginal_price: '39.90',
    nick: '开心客栈',
    num: '832',
    detail_url: `//item.taobao.com/item.htm?id=${numIid}`,
    pic_url: '//img.alicdn.com/imgextra/i1/main.jpg',
    item_imgs: [
      { url: '//img.alicdn.com/imgextra/i1/main.jpg' },
      { url: 'https://img.alicdn.com/imgextra/i2/side.jpg' },
    ],
    // One colour has its own picture, as onebound answers it: keyed by the property "pid:vid".
    props_img: { '1627207:28341': '//img.alicdn.com/imgextra/i3/black.jpg' },
    location: '浙江 杭州',
    post_fee: '',
    express_fee: '12.00',
    seller_id: '59531614',
    seller_info: { nick: '开心客栈', shop_name: '开心客栈 旗舰店' },
    skus: {
      sku: [
        {
          price: '25.80',
          orginal_price: '39.90',
          properties: '1627207:28341',
          properties_name: '1627207:28341:颜色分类:黑色',
          quantity: '500',
          sku_id: '4333333301',
        },
        {
          price: '27.5',
          orginal_price: '39.90',
          properties: '1627207:28320',
          properties_name: '1627207:28320:颜色分类:白色',
          quantity: '332',
          sku_id: '4333333302',
        },
      ],
    },
  };
}

export async function startFakeVendor(): Promise<FakeVendor> {
  const requests: FakeVendor['requests'] = [];
  const behaviour: FakeVendor['behaviour'] = { delayMs: 0, status: null };
  const platformPaths = new Set(PLATFORM_PATHS);
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams.entries());
    requests.push({ path: url.pathname, query });
    const send = (status: number, body: unknown) => {
      const answer = () => {
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
      else answer();
    };
    if (request.method !== 'GET') return send(405, { error: 'method' });
    if (behaviour.status) return send(behaviour.status, '<html>Bad Gateway</html>');
    const match = /^\/([^/]+)\/([a-z0-9_]+)\/?$/.exec(url.pathname);
    if (!match || !platformPaths.has(match[1])) return send(404, { error: 'not found' });
    const meta = { api_info: 'today:41 max:10000', execution_time: 0.12, client_ip: '127.0.0.1' };
    if (query.key !== VENDOR_KEY)
      return send(200, { error: 'key error', reason: 'key不存在或已禁用', error_code: '4005', ...meta });
    if (query.secret !== VENDOR_SECRET)
      return send(200, { error: 'secret error', reason: 'secret不正确', error_code: '4006', ...meta });
    const [, , api] = match;
    if (api === 'item_get') {
      if (query.num_iid === '404')
        return send(200, { error: 'item-not-found', reason: '宝贝不存在', error_code: '2000', ...meta });
      return send(200, { item: vendorItem(query.num_iid), error: '', reason: '', error_code: '0000', ...meta });
    }
    if (api === 'item_password') {
      // Onebound's answer: the item the code names, or `error` on the item for a code it cannot read.
      if (query.word === 'unknown')
        return send(200, {
          item: { error: 'error taobao password' },
          error: '',
          reason: '',
          error_code: '0000',
          ...meta,
        });
      const item = { num_iid: '13734572962', url: 'https://item.taobao.com/item.htm?id=13734572962', error: '' };
      return send(200, { item: { ...item, word: query.word }, error: '', reason: '', error_code: '0000', ...meta });
    }
    if (api === 'item_search') {
      const page = Number(query.page ?? 1);
      return send(200, {
        items: {
          page,
          page_size: 2,
          real_total_results: 57,
          total_results: 57,
          item: [
            {
              num_iid: '1001',
              title: `${query.q} 一`,
              price: '19.90',
              pic_url: '//img.alicdn.com/a.jpg',
              detail_url: '//item.taobao.com/item.htm?id=1001',
              sales: 88,
              seller_nick: '甲店',
            },
            {
              num_iid: '1002',
              title: `${query.q} 二`,
              price: '9',
              pic_url: '//img.alicdn.com/b.jpg',
              detail_url: '//item.taobao.com/item.htm?id=1002',
              sales: '12',
              nick: '乙店',
            },
          ],
        },
        error: '',
        reason: '',
        error_code: '0000',
        ...meta,
      });
    }
    return send(200, { shop: { id: query.shop_id ?? '' }, error: '', reason: '', error_code: '0000', ...meta });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    behaviour,
    platformPaths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
