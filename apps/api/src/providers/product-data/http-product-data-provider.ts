import { PRODUCT_DATA_DEFAULT_PLATFORM_PATHS, type SearchSort } from '@parlour/contract/calls/open-core';
import { outboundRequest } from '../../lib/outbound/outbound-http';
import { OutboundError, type OutboundPolicy } from '../../lib/outbound/outbound-policy';
import {
  ITEM_GET_PATTERN,
  ITEM_PASSWORD_PATTERN,
  ITEM_SEARCH_PATTERN,
  toMinorUnits,
  type ProductDataOutcome,
  type ProductDataProvider,
  type ProductItem,
  type ProductItemLink,
  type ProductPlatform,
  type ProductSearchPage,
  type ProductSku,
} from './product-data-provider';

/**
 * A product-data vendor's REST API in the common onebound ("万邦") style:
 * `GET <base>/<platform path>/<api code>/?key=…&secret=…&num_iid=…`, key and secret as query
 * parameters, one path per platform, JSON answers that carry `error_code` ("0000" when it worked),
 * `error` and `reason` next to the data (`item` for item_get, `items` for item_search).
 */
export interface HttpProductDataOptions {
  baseUrl: string;
  key: string;
  secret: string;
  /** The vendor's path segment of each platform (the operator's configuration); defaults to {@link DEFAULT_PLATFORM_PATHS}. */
  platformPaths?: Partial<Record<ProductPlatform, string>>;
  /** The vendor's language parameter for titles (cn, en, ru). */
  lang?: string;
  /** Every request goes through the outbound policy (https, public addresses, no redirects, size cap). */
  policy: OutboundPolicy;
}

/** Onebound's platform paths; Weidian ("micro store") is `micro` there. Declared in the contract, where the operator's form reads them. */
export const DEFAULT_PLATFORM_PATHS: Record<ProductPlatform, string> = PRODUCT_DATA_DEFAULT_PLATFORM_PATHS;
const SUCCESS_CODE = '0000';
/** Onebound's answer for an item that does not exist (`error: item-not-found`, `error_code: 2000`). */
const NOT_FOUND_CODE = '2000';
const NOT_FOUND_ERROR = 'item-not-found';
/** item_search's `sort` as onebound takes it: `bid` price up, `_bid` price down, `_sale` most sold; the default order is no sort. */
const VENDOR_SORTS: Record<SearchSort, string | undefined> = {
  default: undefined,
  price_asc: 'bid',
  price_desc: '_bid',
  sales: '_sale',
};
/** Upstream error text kept in the log is cut to this length. */
const ERROR_TEXT_MAX = 500;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const integer = (value: unknown) => {
  const parsed = Number.parseInt(text(value), 10);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : 0;
};
/** Vendors often answer protocol-relative image URLs (`//img.alicdn.com/…`). */
const absoluteUrl = (value: unknown) => {
  const url = text(value);
  return url.startsWith('//') ? `https:${url}` : url;
};
const money = (value: unknown, fallback = 0) => {
  const amount = toMinorUnits(value);
  return Number.isNaN(amount) ? fallback : amount;
};

/** "1627207:28341:颜色:黑色;20509:28314:尺码:S" → [{ name: 颜色, value: 黑色 }, …] */
function parsePropertiesName(value: unknown) {
  return text(value)
    .split(';')
    .filter(Boolean)
    .map((part) => {
      const pieces = part.split(':');
      return pieces.length >= 4
        ? { name: pieces[2], value: pieces.slice(3).join(':') }
        : { name: pieces[0] ?? '', value: pieces.slice(1).join(':') };
    });
}

export function mapVendorItem(platform: ProductPlatform, item: Json): ProductItem {
  const price = money(item.price);
  const skuList = isObject(item.skus) && Array.isArray(item.skus.sku) ? item.skus.sku.filter(isObject) : [];
  // Pictures per property value ("1627207:28341" → its URL): a SKU shows its first property's that has one.
  const propImages = isObject(item.props_img) ? item.props_img : {};
  const skus: ProductSku[] = skuList.map((sku) => {
    const props = parsePropertiesName(sku.properties_name);
    const imageKey = text(sku.properties)
      .split(';')
      .find((key) => text(propImages[key]));
    return {
      sku_id: text(sku.sku_id),
      props,
      props_text: props.map((prop) => `${prop.name}:${prop.value}`).join(';'),
      price: money(sku.price, price),
      stock: integer(sku.quantity),
      ...(imageKey ? { image: absoluteUrl(propImages[imageKey]) } : {}),
    };
  });
  const images = Array.isArray(item.item_imgs)
    ? item.item_imgs
        .filter(isObject)
        .map((image) => absoluteUrl(image.url))
        .filter(Boolean)
    : [];
  if (!images.length && item.pic_url) images.push(absoluteUrl(item.pic_url));
  const seller = isObject(item.seller_info) ? item.seller_info : {};
  // The courier's price, else the post's; neither (or unreadable): the marketplace does not say.
  const freight = [item.express_fee, item.post_fee]
    .map((fee) => (fee === undefined || fee === null || fee === '' ? Number.NaN : toMinorUnits(fee)))
    .find((fee) => !Number.isNaN(fee));
  return {
    platform,
    item_id: text(item.num_iid),
    title: text(item.title),
    url: absoluteUrl(item.detail_url),
    price,
    original_price: Math.max(money(item.orginal_price ?? item.original_price, price), price),
    currency: text(item.currency) || 'CNY',
    stock: integer(item.num),
    images,
    skus,
    seller: {
      id: text(item.seller_id ?? seller.user_num_id),
      nick: text(item.nick ?? seller.nick),
      shop_name: text(seller.shop_name ?? seller.title ?? item.shop_name),
      location: text(item.location ?? seller.location),
    },
    china_freight: freight ?? null,
    // 1688's minimum order (起订量); a marketplace without one sells from 1.
    min_quantity: Math.max(1, integer(item.min_num)),
  };
}

export function mapVendorSearch(
  platform: ProductPlatform,
  query: string,
  page: number,
  items: Json,
): ProductSearchPage {
  const list = Array.isArray(items.item) ? items.item.filter(isObject) : [];
  return {
    platform,
    query,
    page: integer(items.page) || page,
    page_size: integer(items.page_size) || list.length,
    total: integer(items.real_total_results ?? items.total_results),
    items: list.map((entry) => ({
      item_id: text(entry.num_iid),
      title: text(entry.title),
      url: absoluteUrl(entry.detail_url),
      price: money(entry.price),
      currency: 'CNY',
      image: absoluteUrl(entry.pic_url),
      sales: integer(entry.sales),
      seller_nick: text(entry.seller_nick ?? entry.nick),
    })),
  };
}

/** Fields of the vendor's envelope that are not data (and must not leak the vendor account's usage). */
const ENVELOPE_FIELDS = [
  'error',
  'reason',
  'error_code',
  'api_info',
  'client_ip',
  'execution_time',
  'server_time',
  'call_args',
  'api_type',
  'translate_language',
  'translate_engine',
  'request_id',
  'secache',
  'secache_time',
  'secache_date',
  'cache',
  'server_memory',
  'last_id',
];

function failure(kind: Exclude<ProductDataOutcome, { isOk: true }>['kind'], error: string): ProductDataOutcome {
  return { isOk: false, kind, error: error.slice(0, ERROR_TEXT_MAX) };
}

export function createHttpProductDataProvider(options: HttpProductDataOptions): ProductDataProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const paths = { ...DEFAULT_PLATFORM_PATHS, ...options.platformPaths };

  return {
    kind: 'http',
    async call({ platform, apiCode, params, timeoutMs }) {
      const query = new URLSearchParams({ key: options.key, secret: options.secret, ...params });
      if (ITEM_SEARCH_PATTERN.test(apiCode) && params.sort !== undefined) {
        const sort = VENDOR_SORTS[params.sort as SearchSort];
        if (sort) query.set('sort', sort);
        else query.delete('sort');
      }
      if (options.lang && !query.has('lang')) query.set('lang', options.lang);
      const url = `${base}/${encodeURIComponent(paths[platform])}/${encodeURIComponent(apiCode)}/?${query.toString()}`;
      let body: string;
      let status: number;
      let statusText: string;
      try {
        const response = await outboundRequest(options.policy, url, {
          method: 'GET',
          headers: { accept: 'application/json' },
          timeoutMs,
        });
        status = response.status;
        statusText = response.statusText;
        body = response.body;
      } catch (error) {
        if (error instanceof OutboundError)
          return failure(error.kind === 'timeout' ? 'timeout' : 'network', `${error.kind}: ${error.detail}`);
        return failure('network', (error as Error).message);
      }
      if (status < 200 || status >= 300)
        return failure('http', `HTTP ${status} ${statusText}: ${body.slice(0, 200)}`.trim());

      let answer: unknown;
      try {
        answer = JSON.parse(body);
      } catch {
        return failure('invalid', `not JSON: ${body.slice(0, 200)}`);
      }
      if (!isObject(answer)) return failure('invalid', 'the answer is not a JSON object');
      const errorCode = text(answer.error_code);
      if ((errorCode && errorCode !== SUCCESS_CODE) || text(answer.error)) {
        const reason = text(answer.reason) || text(answer.error) || 'vendor error';
        const isNotFound = errorCode === NOT_FOUND_CODE || text(answer.error) === NOT_FOUND_ERROR;
        return failure(isNotFound ? 'not_found' : 'vendor', `${errorCode || 'error'}: ${reason}`);
      }

      if (ITEM_GET_PATTERN.test(apiCode)) {
        if (!isObject(answer.item)) return failure('invalid', 'the answer has no item');
        return { isOk: true, data: mapVendorItem(platform, answer.item) };
      }
      if (ITEM_SEARCH_PATTERN.test(apiCode)) {
        if (!isObject(answer.items)) return failure('invalid', 'the answer has no items');
        return { isOk: true, data: mapVendorSearch(platform, params.q ?? '', integer(params.page) || 1, answer.items) };
      }
      if (ITEM_PASSWORD_PATTERN.test(apiCode)) {
        const item = isObject(answer.item) ? answer.item : {};
        const itemId = text(item.num_iid);
        if (!itemId || text(item.error)) return failure('not_found', `item_password: ${text(item.error) || 'no item'}`);
        const link: ProductItemLink = { platform, item_id: itemId, url: absoluteUrl(item.url) };
        return { isOk: true, data: link };
      }
      const data = Object.fromEntries(Object.entries(answer).filter(([key]) => !ENVELOPE_FIELDS.includes(key)));
      return { isOk: true, data };
    },
  };
}
