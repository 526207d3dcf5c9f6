import { describe, expect, it } from 'vitest';
import { skuAxes } from '../item-skus';
import type { ItemData, ItemSkuData } from './item-data';
import { clampQuantity, skuView } from './sku-view';

const sku = (id: string, colour: string, size: string, price: number, stock: number): ItemSkuData => ({
  sku_id: id,
  props: [
    { name: 'Colour', value: colour },
    { name: 'Size', value: size },
  ],
  props_text: `Colour:${colour};Size:${size}`,
  price,
  stock,
  price_text: `$${price / 100}`,
  cny_text: `CN¥${price / 10}`,
  status_text: `Chosen: ${colour} ${size} · ${stock} in stock`,
  image: colour === 'Black' ? 'https://img.alicdn.com/black.jpg' : undefined,
});

const DATA: ItemData = {
  title: 'Shirt',
  skus: [sku('1', 'White', 'M', 3900, 5), sku('2', 'White', 'L', 4000, 0), sku('3', 'Black', 'M', 4100, 2)],
  range: { price_text: '$39 – $41', cny_text: 'CN¥390 – CN¥410', stock: 7, stock_text: '7 in stock' },
  choose_template: 'Choose: {names}',
  name_separator: ', ',
  min_quantity: 1,
};
const AXES = skuAxes(DATA.skus);

describe('the client’s SKU view (what the item page shows for a selection)', () => {
  it('shows the range and asks for every axis while nothing is chosen', () => {
    const view = skuView(DATA, AXES, [undefined, undefined]);
    expect(view).toMatchObject({
      chosen: undefined,
      price_text: '$39 – $41',
      cny_text: 'CN¥390 – CN¥410',
      status_text: 'Choose: Colour, Size',
      isRange: true,
      min_quantity: 1,
      max_quantity: 7,
    });
  });

  it('asks for the axes left and disables the values sold out with the choices made', () => {
    const view = skuView(DATA, AXES, ['White', undefined]);
    expect(view.status_text).toBe('Choose: Size');
    // White in L is sold out; Black has no L at all.
    expect(view.choices[1].map((choice) => [choice.value, choice.isAvailable])).toEqual([
      ['M', true],
      ['L', false],
    ]);
    expect(skuView(DATA, AXES, [undefined, 'L']).choices[0].every((choice) => !choice.isAvailable)).toBe(true);
  });

  it('shows the chosen SKU’s price, CNY, stock, picture and quantity bound once every axis is chosen', () => {
    const view = skuView(DATA, AXES, ['Black', 'M']);
    expect(view.chosen?.sku_id).toBe('3');
    expect(view).toMatchObject({
      price_text: '$41',
      cny_text: 'CN¥410',
      status_text: 'Chosen: Black M · 2 in stock',
      isRange: false,
      max_quantity: 2,
    });
    expect(view.chosen?.image).toBe('https://img.alicdn.com/black.jpg');
    // A sold-out SKU chosen through its link: the quantity still has its minimum as the bound.
    expect(skuView(DATA, AXES, ['White', 'L']).max_quantity).toBe(1);
  });

  it('keeps a typed quantity within the item’s minimum and the stock', () => {
    const bounds = { min_quantity: 2, max_quantity: 5 };
    expect(['0', '2', '3.7', '9', '', 'abc', '-4'].map((value) => clampQuantity(value, bounds))).toEqual([
      2, 2, 3, 5, 2, 2, 2,
    ]);
  });
});
