import { skuPicker, type SkuAxis, type SkuChoice } from '../item-skus';
import { NAMES_SLOT, type ItemData, type ItemSkuData } from './item-data';

/** What the item page shows for a selection of SKU values: the same rule the server renders with (item-skus.ts). */
export interface SkuView {
  choices: SkuChoice[][];
  chosen: ItemSkuData | undefined;
  price_text: string;
  cny_text: string | null;
  status_text: string;
  /** Whether the list price (struck through) shows: only beside the range, not a chosen SKU's price. */
  isRange: boolean;
  /** The quantity's bounds: the item's minimum, and the chosen SKU's stock (the item's while none is chosen). */
  min_quantity: number;
  max_quantity: number;
}

/** The view of `selection` (one value or undefined per axis) of the item in `data`. */
export function skuView(data: ItemData, axes: readonly SkuAxis[], selection: (string | undefined)[]): SkuView {
  const picker = skuPicker(data.skus, axes, selection);
  const chosen = picker.chosen as ItemSkuData | undefined;
  const missing = axes.filter((_, index) => selection[index] === undefined).map((axis) => axis.name);
  const stock = chosen ? chosen.stock : data.range.stock;
  return {
    choices: picker.choices,
    chosen,
    price_text: chosen ? chosen.price_text : data.range.price_text,
    cny_text: chosen ? chosen.cny_text : data.range.cny_text,
    status_text: chosen
      ? chosen.status_text
      : missing.length
        ? data.choose_template.replace(NAMES_SLOT, missing.join(data.name_separator))
        : data.range.stock_text,
    isRange: !chosen,
    min_quantity: data.min_quantity,
    max_quantity: Math.max(data.min_quantity, stock),
  };
}

/** A quantity typed by the buyer, kept within the bounds (a whole number; the minimum when unreadable). */
export function clampQuantity(value: string, view: Pick<SkuView, 'min_quantity' | 'max_quantity'>): number {
  const number = Math.floor(Number(value));
  if (!Number.isFinite(number)) return view.min_quantity;
  return Math.min(view.max_quantity, Math.max(view.min_quantity, number));
}
