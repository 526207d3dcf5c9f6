import type { ProductSku } from '../../../../providers/product-data/product-data-provider';

/** The id of the item page's data island (`<script type="application/json">`), which the client script reads. */
export const ITEM_DATA_ID = 'item-data';

/** A SKU with what the page shows once it is chosen, worded and priced by the server. */
export interface ItemSkuData extends ProductSku {
  /** The price in the buyer's currency, and the CNY one beside it (null when the buyer's currency is CNY). */
  price_text: string;
  cny_text: string | null;
  /** "Chosen: 颜色:黑色 · 12 in stock". */
  status_text: string;
  /** The SKU's own picture, when the marketplace has one. */
  image?: string;
}

/**
 * What the client script needs to choose SKUs without a reload (client/sku-picker.ts): every SKU
 * with its texts, and what the page shows while no SKU is chosen. No price rule or catalogue travels:
 * the server formats every text.
 */
export interface ItemData {
  /** The item's title: with a SKU's values, the alternative text of the SKU's picture. */
  title: string;
  skus: ItemSkuData[];
  /** The price range (and its CNY), the item's stock and its line, with no SKU chosen. */
  range: { price_text: string; cny_text: string | null; stock: number; stock_text: string };
  /** "Choose: {names}", and how the names are joined ("、" / ", "). */
  choose_template: string;
  name_separator: string;
  /** The quantity's lowest value. */
  min_quantity: number;
}

/** Where the axis names go in `choose_template`. */
export const NAMES_SLOT = '{names}';
