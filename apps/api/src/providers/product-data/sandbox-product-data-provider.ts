import { createHash } from 'node:crypto';
import {
  ITEM_GET_PATTERN,
  ITEM_SEARCH_PATTERN,
  type ProductDataProvider,
  type ProductItem,
  type ProductPlatform,
  type ProductSearchPage,
  type ProductSku,
} from './product-data-provider';

/**
 * Product data without a vendor account: any item id answers a realistic item (title, price, images,
 * SKUs with stock, seller) and any query a page of results, all derived from a hash of the request,
 * so the same request always answers the same data. Development, demos, tests and the benchmark use it.
 */

const PRODUCTS = [
  {
    noun: '纯棉短袖T恤',
    props: [
      ['颜色', ['白色', '黑色', '藏青', '雾霾蓝']],
      ['尺码', ['S', 'M', 'L', 'XL', 'XXL']],
    ],
    base: 3900,
  },
  {
    noun: '加厚连帽卫衣',
    props: [
      ['颜色', ['燕麦色', '黑色', '灰色']],
      ['尺码', ['M', 'L', 'XL']],
    ],
    base: 12900,
  },
  {
    noun: '真皮休闲运动鞋',
    props: [
      ['颜色', ['米白', '黑色']],
      ['鞋码', ['38', '39', '40', '41', '42', '43']],
    ],
    base: 25900,
  },
  {
    noun: '无线蓝牙降噪耳机',
    props: [
      ['颜色', ['星空黑', '珍珠白']],
      ['版本', ['标准版', '旗舰版']],
    ],
    base: 19900,
  },
  { noun: '不锈钢保温杯 500ml', props: [['颜色', ['奶油白', '薄荷绿', '雾粉']]], base: 5900 },
  {
    noun: '大容量双肩背包',
    props: [
      ['颜色', ['黑色', '卡其', '军绿']],
      ['尺寸', ['15.6 英寸', '17 英寸']],
    ],
    base: 15900,
  },
  { noun: '陶瓷餐具套装', props: [['规格', ['4 人份', '6 人份', '10 人份']]], base: 16800 },
  {
    noun: '婴儿有机棉连体衣',
    props: [
      ['颜色', ['杏色', '浅蓝']],
      ['尺码', ['59', '66', '73', '80']],
    ],
    base: 7900,
  },
  {
    noun: '智能手环',
    props: [
      ['颜色', ['曜石黑', '樱花粉']],
      ['版本', ['NFC 版', '标准版']],
    ],
    base: 22900,
  },
  { noun: '复古手工茶具', props: [['款式', ['青瓷', '白瓷', '紫砂']]], base: 32800 },
] as const;
const ADJECTIVES = ['2026新款', '爆款', '工厂直销', '高品质', '日系', 'ins风', '简约', '加厚', '轻奢', '原创设计'];
const CITIES = ['浙江 杭州', '浙江 义乌', '广东 广州', '广东 深圳', '福建 泉州', '江苏 苏州', '上海', '山东 青岛'];
const SHOP_WORDS = ['优品', '家居', '旗舰店', '工厂店', '源头好货', '精选', '严选'];
const ITEM_URLS: Record<ProductPlatform, (id: string) => string> = {
  '1688': (id) => `https://detail.1688.com/offer/${id}.html`,
  taobao: (id) => `https://item.taobao.com/item.htm?id=${id}`,
  micro_store: (id) => `https://weidian.com/item.html?itemID=${id}`,
  jd: (id) => `https://item.jd.com/${id}.html`,
};

/** A deterministic stream of numbers from a seed. */
function randomFrom(seed: string) {
  let block = createHash('sha256').update(seed).digest();
  let offset = 0;
  return (max: number) => {
    if (offset + 4 > block.length) {
      block = createHash('sha256').update(block).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value % max;
  };
}

function pick<T>(random: (max: number) => number, list: readonly T[]): T {
  return list[random(list.length)];
}

function imageUrl(seed: string, index: number) {
  return `https://picsum.photos/seed/parlour-${seed}-${index}/800/800`;
}

export function sandboxItem(platform: ProductPlatform, itemId: string): ProductItem {
  const random = randomFrom(`item:${platform}:${itemId}`);
  const product = pick(random, PRODUCTS);
  // 1688 is wholesale: lower prices.
  const price = Math.round((product.base * (60 + random(80))) / 100 / (platform === '1688' ? 2.5 : 1) / 10) * 10;
  const originalPrice = price + random(3) * Math.round(price / 10 / 10) * 10;
  const imageSeed = createHash('sha256').update(`${platform}:${itemId}`).digest('hex').slice(0, 12);
  const propLists = product.props.map(([name, values]) => ({ name, values: values as readonly string[] }));
  const combos = propLists.reduce<Array<Array<{ name: string; value: string }>>>(
    (acc, prop) => acc.flatMap((combo) => prop.values.map((value) => [...combo, { name: prop.name, value }])),
    [[]],
  );
  const skus: ProductSku[] = combos.map((props, index) => ({
    sku_id: `${itemId}${String(index + 1).padStart(3, '0')}`,
    props,
    props_text: props.map((prop) => `${prop.name}:${prop.value}`).join(';'),
    price: price + (index % 3) * 100,
    stock: random(500),
  }));
  const sellerId = String(100_000_000 + random(900_000_000));
  const nick = `${pick(random, ['云', '诚', '悦', '森', '锦', '初'])}${pick(random, ['品', '尚', '禾', '木', '里'])}${pick(random, SHOP_WORDS)}`;
  return {
    platform,
    item_id: itemId,
    title: `${pick(random, ADJECTIVES)} ${product.noun} ${pick(random, ADJECTIVES)}`,
    url: ITEM_URLS[platform](itemId),
    price,
    original_price: Math.max(originalPrice, price),
    currency: 'CNY',
    stock: skus.reduce((sum, sku) => sum + sku.stock, 0),
    images: [0, 1, 2, 3].slice(0, 2 + random(3)).map((index) => imageUrl(imageSeed, index)),
    skus,
    seller: { id: sellerId, nick, shop_name: `${nick}的店`, location: pick(random, CITIES) },
  };
}

export const SANDBOX_SEARCH_PAGE_SIZE = 20;
const SEARCH_PAGE_SIZE_MAX = 40;

export function sandboxSearch(
  platform: ProductPlatform,
  query: string,
  page: number,
  pageSize = SANDBOX_SEARCH_PAGE_SIZE,
): ProductSearchPage {
  const size = Math.min(Math.max(1, pageSize), SEARCH_PAGE_SIZE_MAX);
  const total = 40 + randomFrom(`search:${platform}:${query}`)(2000);
  const start = (page - 1) * size;
  const count = Math.max(0, Math.min(size, total - start));
  const items = Array.from({ length: count }, (_, index) => {
    const random = randomFrom(`search:${platform}:${query}:${start + index}`);
    const itemId = String(600_000_000_000 + random(2_000_000_000) * 37 + start + index);
    const item = sandboxItem(platform, itemId);
    return {
      item_id: itemId,
      title: `${query} ${item.title}`,
      url: item.url,
      price: item.price,
      currency: item.currency,
      image: item.images[0],
      sales: random(20_000),
      seller_nick: item.seller.nick,
    };
  });
  return { platform, query, page, page_size: size, total, items };
}

export function createSandboxProductDataProvider(): ProductDataProvider {
  return {
    kind: 'sandbox',
    async call({ platform, apiCode, params }) {
      if (ITEM_GET_PATTERN.test(apiCode)) {
        if (!params.num_iid) return { isOk: false, kind: 'vendor', error: 'num_iid is required' };
        return { isOk: true, data: sandboxItem(platform, params.num_iid) };
      }
      if (ITEM_SEARCH_PATTERN.test(apiCode)) {
        if (!params.q) return { isOk: false, kind: 'vendor', error: 'q is required' };
        const page = Number(params.page ?? 1);
        const pageSize = Number(params.page_size ?? SANDBOX_SEARCH_PAGE_SIZE);
        return {
          isOk: true,
          data: sandboxSearch(
            platform,
            params.q,
            Number.isInteger(page) && page > 0 ? page : 1,
            Number.isInteger(pageSize) ? pageSize : SANDBOX_SEARCH_PAGE_SIZE,
          ),
        };
      }
      return { isOk: false, kind: 'unsupported', error: `the sandbox provider does not serve ${apiCode}` };
    },
  };
}
