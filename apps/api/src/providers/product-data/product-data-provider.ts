import type { LOG_PLATFORMS } from '@parlour/contract/constants';

/** A §9 platform; `micro_store` is Weidian. */
export type ProductPlatform = (typeof LOG_PLATFORMS)[number];

/** Parameters of one upstream call: scalar values only, as they travel in a query string. */
export type ProductDataParams = Record<string, string>;

export interface ProductDataRequest {
  platform: ProductPlatform;
  /** The catalogue code, e.g. item_get, item_search; also the vendor's path segment. */
  apiCode: string;
  params: ProductDataParams;
  /** The call fails as `timeout` when the upstream has not answered within this many milliseconds. */
  timeoutMs: number;
}

/** One SKU of an item: its properties, price in minor units of the item's currency, and stock. */
export interface ProductSku {
  sku_id: string;
  props: Array<{ name: string; value: string }>;
  /** The properties as one line, e.g. "颜色:黑色;尺码:XL". */
  props_text: string;
  price: number;
  stock: number;
  /** The SKU's own picture (a colour's), when the marketplace has one. */
  image?: string;
}

/** An item as the Open API answers it, whichever provider served it. Money in minor units. */
export interface ProductItem {
  platform: ProductPlatform;
  item_id: string;
  title: string;
  url: string;
  price: number;
  /** The list price before promotion; equal to `price` when there is none. */
  original_price: number;
  currency: string;
  stock: number;
  images: string[];
  skus: ProductSku[];
  seller: { id: string; nick: string; shop_name: string; location: string };
  /** The seller's domestic (China) shipping to the store's warehouse, in minor units; 0 free; null when the marketplace does not say. */
  china_freight: number | null;
  /** The least quantity the seller sells (1688's minimum order, `min_num`); 1 when the marketplace sets none. */
  min_quantity: number;
}

export interface ProductSearchItem {
  item_id: string;
  title: string;
  url: string;
  price: number;
  currency: string;
  image: string;
  sales: number;
  seller_nick: string;
}

export interface ProductSearchPage {
  platform: ProductPlatform;
  query: string;
  page: number;
  page_size: number;
  total: number;
  items: ProductSearchItem[];
}

/**
 * How an upstream call ended. A failure carries why (`kind`) and the upstream's own words (`error`),
 * which the call log keeps for the operator's detail view (merchants see the outcome code only); the
 * Open API refunds the units of any failure.
 */
export type ProductDataOutcome =
  { isOk: true; data: unknown } | { isOk: false; kind: ProductDataFailureKind; error: string };

/**
 * timeout: no answer in time; http: a non-2xx status; network: refused or reset; vendor: the vendor
 * answered an error body (bad key, quota); not_found: the vendor answered that the item does not exist;
 * invalid: an answer we cannot read; unsupported: the provider does not serve this API.
 */
export type ProductDataFailureKind =
  'timeout' | 'http' | 'network' | 'vendor' | 'not_found' | 'invalid' | 'unsupported';

/** What item_password answers: the item a short link or share code names. */
export interface ProductItemLink {
  platform: ProductPlatform;
  item_id: string;
  url: string;
}

/**
 * A source of product data. `call` serves any catalogue code; item_get (`num_iid`) answers a
 * {@link ProductItem}, item_search (`q`, `page`, `sort`) a {@link ProductSearchPage} and item_password
 * (`word`) a {@link ProductItemLink}. Other codes answer
 * what the provider returns for them. A provider never throws for an upstream failure: it answers
 * a failed outcome, so the caller can refund and log it.
 */
export interface ProductDataProvider {
  readonly kind: 'sandbox' | 'http';
  call(request: ProductDataRequest): Promise<ProductDataOutcome>;
}

/** The calls every provider understands; their parameters are declared in the contract. */
export { ITEM_GET_PATTERN, ITEM_PASSWORD_PATTERN, ITEM_SEARCH_PATTERN } from '@parlour/contract/calls/open-core';

/** An item's lowest and highest price: its SKUs' when it has SKUs, else its own. */
export function priceRange(item: { price: number; skus: readonly ProductSku[] }): { min: number; max: number } {
  if (!item.skus.length) return { min: item.price, max: item.price };
  const prices = item.skus.map((sku) => sku.price);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** Parses a decimal money string or number ("25.80", 25.8, "25") into minor units (2 decimals); NaN when unreadable. */
export function toMinorUnits(value: unknown): number {
  const text = typeof value === 'number' ? value.toFixed(2) : String(value ?? '').trim();
  const match = /^(\d{1,12})(?:\.(\d{1,}))?$/.exec(text);
  if (!match) return Number.NaN;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  // Round half up on the third decimal, without going through floating point.
  const cents = Number(match[1]) * 100 + Number(fraction.slice(0, 2));
  return Number(fraction[2] ?? '0') >= 5 ? cents + 1 : cents;
}
