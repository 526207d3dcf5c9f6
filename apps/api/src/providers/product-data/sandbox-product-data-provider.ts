import { createHash } from 'node:crypto';
import { SEARCH_SORTS, type SearchSort } from '@parlour/contract/calls/open-core';
import { parseMarketplaceInput } from '@parlour/contract/marketplace-link';
import {
  ITEM_GET_PATTERN,
  ITEM_PASSWORD_PATTERN,
  ITEM_SEARCH_PATTERN,
  type ProductDataProvider,
  type ProductItem,
  type ProductItemLink,
  type ProductPlatform,
  type ProductSearchPage,
  type ProductSku,
} from './product-data-provider';
import { sandboxImagePath } from './sandbox-images';

/**
 * Product data without a vendor account: any item id answers a realistic item (title, price, images,
 * SKUs with stock, seller) and any query a page of results, all derived from a hash of the request,
 * so the same request always answers the same data; `lang=en` answers English titles, properties and places
 * (as vendors that translate do), with the same ids, prices and stock. Development, demos, tests and the benchmark use it.
 */

/** Words of the sandbox's items in Chinese (the marketplaces' own language) and English (`lang=en`, as vendors translate). */
const PRODUCTS = [
  {
    noun: ['纯棉短袖T恤', 'Cotton short-sleeve T-shirt'],
    props: [
      [
        ['颜色', 'Colour'],
        [
          ['白色', 'White'],
          ['黑色', 'Black'],
          ['藏青', 'Navy'],
          ['雾霾蓝', 'Haze blue'],
        ],
      ],
      [
        ['尺码', 'Size'],
        [
          ['S', 'S'],
          ['M', 'M'],
          ['L', 'L'],
          ['XL', 'XL'],
          ['XXL', 'XXL'],
        ],
      ],
    ],
    base: 3900,
  },
  {
    noun: ['加厚连帽卫衣', 'Thick hooded sweatshirt'],
    props: [
      [
        ['颜色', 'Colour'],
        [
          ['燕麦色', 'Oatmeal'],
          ['黑色', 'Black'],
          ['灰色', 'Grey'],
        ],
      ],
      [
        ['尺码', 'Size'],
        [
          ['M', 'M'],
          ['L', 'L'],
          ['XL', 'XL'],
        ],
      ],
    ],
    base: 12900,
  },
  {
    noun: ['真皮休闲运动鞋', 'Leather casual sneakers'],
    props: [
      [
        ['颜色', 'Colour'],
        [
          ['米白', 'Off-white'],
          ['黑色', 'Black'],
        ],
      ],
      [
        ['鞋码', 'Shoe size'],
        [
          ['38', '38'],
          ['39', '39'],
          ['40', '40'],
          ['41', '41'],
          ['42', '42'],
          ['43', '43'],
        ],
      ],
    ],
    base: 25900,
  },
  {
    noun: ['无线蓝牙降噪耳机', 'Wireless noise-cancelling earbuds'],
    props: [
      [
        ['颜色', 'Colour'],
        [
          ['星空黑', 'Starry black'],
          ['珍珠白', 'Pearl white'],
        ],
      ],
      [
        ['版本', 'Edition'],
        [
          ['标准版', 'Standard'],
          ['旗舰版', 'Flagship'],
        ],
      ],
    ],
    base: 19900,
  },
  {
    noun: ['不锈钢保温杯 500ml', 'Stainless steel vacuum flask 500 ml'],
    props: [
      [
        ['颜色', 'Colour'],
        [
          ['奶油白', 'Cream'],
          ['薄荷绿', 'Mint'],
          ['雾粉', 'Dusty pink'],
        ],
      ],
    ],
    base: 5900,
  },
  {
    noun: ['大容量双肩背包', 'Large backpack'],
    props: [
      [
        ['颜色', 'Colour'],
        [
          ['黑色', 'Black'],
          ['卡其', 'Khaki'],
          ['军绿', 'Army green'],
        ],
      ],
      [
        ['尺寸', 'Size'],
        [
          ['15.6 英寸', '15.6 inch'],
          ['17 英寸', '17 inch'],
        ],
      ],
    ],
    base: 15900,
  },
  {
    noun: ['陶瓷餐具套装', 'Ceramic tableware set'],
    props: [
      [
        ['规格', 'Set'],
        [
          ['4 人份', 'For 4'],
          ['6 人份', 'For 6'],
          ['10 人份', 'For 10'],
        ],
      ],
    ],
    base: 16800,
  },
  {
    noun: ['婴儿有机棉连体衣', 'Organic cotton baby romper'],
    props: [
      [
        ['颜色', 'Colour'],
        [
          ['杏色', 'Apricot'],
          ['浅蓝', 'Light blue'],
        ],
      ],
      [
        ['尺码', 'Size'],
        [
          ['59', '59'],
          ['66', '66'],
          ['73', '73'],
          ['80', '80'],
        ],
      ],
    ],
    base: 7900,
  },
  {
    noun: ['智能手环', 'Smart fitness band'],
    props: [
      [
        ['颜色', 'Colour'],
        [
          ['曜石黑', 'Obsidian'],
          ['樱花粉', 'Sakura pink'],
        ],
      ],
      [
        ['版本', 'Edition'],
        [
          ['NFC 版', 'NFC'],
          ['标准版', 'Standard'],
        ],
      ],
    ],
    base: 22900,
  },
  {
    noun: ['复古手工茶具', 'Handmade vintage tea set'],
    props: [
      [
        ['款式', 'Style'],
        [
          ['青瓷', 'Celadon'],
          ['白瓷', 'White porcelain'],
          ['紫砂', 'Purple clay'],
        ],
      ],
    ],
    base: 32800,
  },
] as const;
type Words = readonly [string, string];
const ADJECTIVES: readonly Words[] = [
  ['2026新款', '2026 new'],
  ['爆款', 'Best-selling'],
  ['工厂直销', 'Factory direct'],
  ['高品质', 'High quality'],
  ['日系', 'Japanese style'],
  ['ins风', 'Trendy'],
  ['简约', 'Minimalist'],
  ['加厚', 'Thick'],
  ['轻奢', 'Affordable luxury'],
  ['原创设计', 'Original design'],
];
const CITIES: readonly Words[] = [
  ['浙江 杭州', 'Hangzhou, Zhejiang'],
  ['浙江 义乌', 'Yiwu, Zhejiang'],
  ['广东 广州', 'Guangzhou, Guangdong'],
  ['广东 深圳', 'Shenzhen, Guangdong'],
  ['福建 泉州', 'Quanzhou, Fujian'],
  ['江苏 苏州', 'Suzhou, Jiangsu'],
  ['上海', 'Shanghai'],
  ['山东 青岛', 'Qingdao, Shandong'],
];
const SHOP_WORDS = ['优品', '家居', '旗舰店', '工厂店', '源头好货', '精选', '严选'];
/** 0 for Chinese, 1 for English: the `lang` parameter as vendors take it (`en`, `en-US`; anything else Chinese). */
function wordIndex(lang: string | undefined): 0 | 1 {
  return lang?.toLowerCase().startsWith('en') ? 1 : 0;
}
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

/** The item's name in Chinese and English, for its pictures (sandbox-images.ts). */
export function sandboxItemNames(platform: ProductPlatform, itemId: string): [string, string] {
  const product = pick(randomFrom(`item:${platform}:${itemId}`), PRODUCTS);
  return [product.noun[0], product.noun[1]];
}

/** An item id that starts with 0 names no item in the sandbox (no marketplace's ids do): item_get answers "not found". */
export const SANDBOX_MISSING_ITEM_PREFIX = '0';
/** The sandbox's China freight choices in fen: unknown (the marketplace does not say), free, or a courier's price. */
const FREIGHTS = [null, 0, 600, 800, 1000] as const;

/** The item's first draws: which product it is and its price (search sorts by price without building whole items). */
function itemBasics(platform: ProductPlatform, itemId: string) {
  const random = randomFrom(`item:${platform}:${itemId}`);
  const product = pick(random, PRODUCTS);
  // 1688 is wholesale: lower prices.
  const price = Math.round((product.base * (60 + random(80))) / 100 / (platform === '1688' ? 2.5 : 1) / 10) * 10;
  return { random, product, price };
}

export function sandboxItem(platform: ProductPlatform, itemId: string, lang?: string): ProductItem {
  const word = wordIndex(lang);
  const { random, product, price } = itemBasics(platform, itemId);
  const originalPrice = price + random(3) * Math.round(price / 10 / 10) * 10;
  const propLists = product.props.map(([name, values]) => ({
    name: name[word],
    values: (values as readonly Words[]).map((value) => value[word]),
  }));
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
  const images = [0, 1, 2, 3].slice(0, 2 + random(3)).map((index) => sandboxImagePath(platform, itemId, index));
  const nick = `${pick(random, ['云', '诚', '悦', '森', '锦', '初'])}${pick(random, ['品', '尚', '禾', '木', '里'])}${pick(random, SHOP_WORDS)}`;
  return {
    platform,
    item_id: itemId,
    title: `${pick(random, ADJECTIVES)[word]} ${product.noun[word]} ${pick(random, ADJECTIVES)[word]}`,
    url: ITEM_URLS[platform](itemId),
    price,
    original_price: Math.max(originalPrice, price),
    currency: 'CNY',
    stock: skus.reduce((sum, sku) => sum + sku.stock, 0),
    images,
    // Each value of the first property (a colour) has its picture, as marketplaces show them.
    skus: skus.map((sku) =>
      sku.props.length
        ? { ...sku, image: images[propLists[0].values.indexOf(sku.props[0].value) % images.length] }
        : sku,
    ),
    seller: { id: sellerId, nick, shop_name: `${nick}的店`, location: pick(random, CITIES)[word] },
    // Its own stream, so adding it left every other field of every item as it was.
    china_freight: pick(randomFrom(`freight:${platform}:${itemId}`), FREIGHTS),
    // 1688 is wholesale: its items have a minimum order (2 to 10, their own stream); the others sell from 1.
    min_quantity: platform === '1688' ? pick(randomFrom(`minimum:${itemId}`), [2, 3, 5, 10]) : 1,
  };
}

export const SANDBOX_SEARCH_PAGE_SIZE = 20;
const SEARCH_PAGE_SIZE_MAX = 40;

/** The result at `position` of a query: its item id and sales. */
function searchEntry(platform: ProductPlatform, query: string, position: number) {
  const random = randomFrom(`search:${platform}:${query}:${position}`);
  const itemId = String(600_000_000_000 + random(2_000_000_000) * 37 + position);
  return { itemId, sales: random(20_000) };
}

/** The positions of a query's results in the order `sort` asks for (ties keep the marketplace's order). */
function sortedPositions(platform: ProductPlatform, query: string, total: number, sort: SearchSort): number[] {
  const positions = Array.from({ length: total }, (_, position) => position);
  if (sort === 'default') return positions;
  const keyed = positions.map((position) => {
    const entry = searchEntry(platform, query, position);
    return { position, price: itemBasics(platform, entry.itemId).price, sales: entry.sales };
  });
  const order = {
    price_asc: (a: (typeof keyed)[number], b: (typeof keyed)[number]) => a.price - b.price,
    price_desc: (a: (typeof keyed)[number], b: (typeof keyed)[number]) => b.price - a.price,
    sales: (a: (typeof keyed)[number], b: (typeof keyed)[number]) => b.sales - a.sales,
  }[sort];
  return keyed.sort((a, b) => order(a, b) || a.position - b.position).map((entry) => entry.position);
}

export function sandboxSearch(
  platform: ProductPlatform,
  query: string,
  page: number,
  pageSize = SANDBOX_SEARCH_PAGE_SIZE,
  lang?: string,
  sort: SearchSort = 'default',
): ProductSearchPage {
  const size = Math.min(Math.max(1, pageSize), SEARCH_PAGE_SIZE_MAX);
  const total = 40 + randomFrom(`search:${platform}:${query}`)(2000);
  const start = (page - 1) * size;
  const positions = sortedPositions(platform, query, total, sort).slice(start, start + size);
  const items = positions.map((position) => {
    const { itemId, sales } = searchEntry(platform, query, position);
    const item = sandboxItem(platform, itemId, lang);
    return {
      item_id: itemId,
      title: `${query} ${item.title}`,
      url: item.url,
      price: item.price,
      currency: item.currency,
      image: item.images[0],
      sales,
      seller_nick: item.seller.nick,
    };
  });
  return { platform, query, page, page_size: size, total, items };
}

/**
 * What item_password answers in the sandbox: the item a full link in `word` names, else an item id
 * derived from the code (any short link or 淘口令 resolves, always to the same item).
 */
export function sandboxItemLink(platform: ProductPlatform, word: string): ProductItemLink {
  const input = parseMarketplaceInput(word);
  const itemId =
    input.kind === 'item' && input.platform === platform
      ? input.itemId
      : String(500_000_000_000 + randomFrom(`password:${platform}:${word.trim()}`)(1_000_000_000) * 97);
  return { platform, item_id: itemId, url: ITEM_URLS[platform](itemId) };
}

export function createSandboxProductDataProvider(): ProductDataProvider {
  return {
    kind: 'sandbox',
    async call({ platform, apiCode, params }) {
      if (ITEM_GET_PATTERN.test(apiCode)) {
        if (!params.num_iid) return { isOk: false, kind: 'vendor', error: 'num_iid is required' };
        if (params.num_iid.startsWith(SANDBOX_MISSING_ITEM_PREFIX))
          return { isOk: false, kind: 'not_found', error: `item-not-found: no item ${params.num_iid}` };
        return { isOk: true, data: sandboxItem(platform, params.num_iid, params.lang) };
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
            params.lang,
            (SEARCH_SORTS as readonly string[]).includes(params.sort ?? '') ? (params.sort as SearchSort) : 'default',
          ),
        };
      }
      if (ITEM_PASSWORD_PATTERN.test(apiCode)) {
        if (!params.word) return { isOk: false, kind: 'vendor', error: 'word is required' };
        return { isOk: true, data: sandboxItemLink(platform, params.word) };
      }
      return { isOk: false, kind: 'unsupported', error: `the sandbox provider does not serve ${apiCode}` };
    },
  };
}
