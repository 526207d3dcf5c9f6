import type { ProductSku } from '../../../providers/product-data/product-data-provider';

/** The query parameter of the SKU axis at `index` (`s0`, `s1`, …) and of the picture shown (`img`). */
export const skuParam = (index: number) => `s${index}`;
export const IMAGE_PARAM = 'img';

/** One SKU property (颜色, 尺码) and its values, in the order the item lists them. */
export interface SkuAxis {
  name: string;
  values: string[];
}

/** A value as the item page offers it: chosen, choosable, or sold out with the other choices made. */
export interface SkuChoice {
  value: string;
  isSelected: boolean;
  isAvailable: boolean;
  /** The selection after clicking it (it toggles): one value per axis index, undefined where none. */
  next: (string | undefined)[];
}

/** The SKU axes of an item, from its SKUs' properties. */
export function skuAxes(skus: readonly ProductSku[]): SkuAxis[] {
  const axes: SkuAxis[] = [];
  for (const sku of skus)
    for (const prop of sku.props) {
      let axis = axes.find((candidate) => candidate.name === prop.name);
      if (!axis) axes.push((axis = { name: prop.name, values: [] }));
      if (!axis.values.includes(prop.value)) axis.values.push(prop.value);
    }
  return axes;
}

const valueOn = (sku: ProductSku, axis: SkuAxis) => sku.props.find((prop) => prop.name === axis.name)?.value;

/** The selection the query asks for, values that the item does not have dropped. */
export function readSelection(
  axes: readonly SkuAxis[],
  asked: (index: number) => string | null,
): (string | undefined)[] {
  return axes.map((axis, index) => {
    const value = asked(index);
    return value !== null && axis.values.includes(value) ? value : undefined;
  });
}

/**
 * What the SKU picker shows: per axis, each value with whether it is chosen and whether it can be
 * chosen with the other axes' choices (some SKU in stock has it), and the SKU once every axis is chosen.
 */
export function skuPicker(skus: readonly ProductSku[], axes: readonly SkuAxis[], selection: (string | undefined)[]) {
  const matches = (sku: ProductSku, except: number) =>
    axes.every(
      (axis, index) => index === except || selection[index] === undefined || valueOn(sku, axis) === selection[index],
    );
  const choices: SkuChoice[][] = axes.map((axis, index) =>
    axis.values.map((value) => {
      const isSelected = selection[index] === value;
      const next = [...selection];
      next[index] = isSelected ? undefined : value;
      const isAvailable = skus.some((sku) => sku.stock > 0 && valueOn(sku, axis) === value && matches(sku, index));
      return { value, isSelected, isAvailable, next };
    }),
  );
  const isComplete = axes.length > 0 && selection.every((value) => value !== undefined);
  const chosen = isComplete ? skus.find((sku) => matches(sku, -1)) : undefined;
  return { choices, chosen };
}
