import { describe, expect, it } from 'vitest';
import type { ProductSku } from '../../../providers/product-data/product-data-provider';
import { priceRange } from '../../../providers/product-data/product-data-provider';
import { readSelection, skuAxes, skuPicker } from './item-skus';

const sku = (id: string, colour: string, size: string, price: number, stock: number): ProductSku => ({
  sku_id: id,
  props: [
    { name: '颜色', value: colour },
    { name: '尺码', value: size },
  ],
  props_text: `颜色:${colour};尺码:${size}`,
  price,
  stock,
});

const SKUS = [
  sku('1', '白色', 'M', 3900, 5),
  sku('2', '白色', 'L', 4000, 0),
  sku('3', '黑色', 'M', 4100, 2),
  sku('4', '黑色', 'L', 4200, 1),
];

describe('the item page’s SKU picker', () => {
  it('reads the axes in the order the item lists them and drops asked values the item does not have', () => {
    const axes = skuAxes(SKUS);
    expect(axes).toEqual([
      { name: '颜色', values: ['白色', '黑色'] },
      { name: '尺码', values: ['M', 'L'] },
    ]);
    expect(readSelection(axes, (index) => ['黑色', 'XXL'][index])).toEqual(['黑色', undefined]);
  });

  it('disables a value sold out with the other choices, toggles a chosen value, and finds the SKU once all are chosen', () => {
    const axes = skuAxes(SKUS);
    const white = skuPicker(SKUS, axes, ['白色', undefined]);
    // White in L has no stock: L cannot be chosen with white; M can; black stays choosable.
    expect(white.choices[1].map((choice) => [choice.value, choice.isAvailable])).toEqual([
      ['M', true],
      ['L', false],
    ]);
    expect(white.choices[0].map((choice) => [choice.value, choice.isSelected, choice.isAvailable])).toEqual([
      ['白色', true, true],
      ['黑色', false, true],
    ]);
    expect(white.choices[0][0].next).toEqual([undefined, undefined]);
    expect(white.chosen).toBeUndefined();
    expect(skuPicker(SKUS, axes, ['黑色', 'L']).chosen?.sku_id).toBe('4');
  });

  it('answers the price range, or the item price without SKUs', () => {
    expect(priceRange({ price: 1, skus: SKUS })).toEqual({ min: 3900, max: 4200 });
    expect(priceRange({ price: 990, skus: [] })).toEqual({ min: 990, max: 990 });
  });
});
