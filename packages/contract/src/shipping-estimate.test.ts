import { describe, expect, it } from 'vitest';
import { chargeableGrams, shippingPrice, volumetricGrams } from './shipping-estimate';

const RATE = { first_weight: 500, first_price: 4500, step_weight: 500, step_price: 1500 };

describe('shipping estimate', () => {
  it('charges the first weight, then each continued step, a part step as a whole one', () => {
    expect(shippingPrice(RATE, 1)).toEqual({ fen: 4500, steps: 0 });
    expect(shippingPrice(RATE, 500)).toEqual({ fen: 4500, steps: 0 });
    expect(shippingPrice(RATE, 501)).toEqual({ fen: 6000, steps: 1 });
    expect(shippingPrice(RATE, 1000)).toEqual({ fen: 6000, steps: 1 });
    expect(shippingPrice(RATE, 1001)).toEqual({ fen: 7500, steps: 2 });
  });

  it('weighs a parcel by L × W × H / 5000 (cm → kg), rounded up to the gram, and charges the heavier weight', () => {
    expect(volumetricGrams({ length: 30, width: 20, height: 10 })).toBe(1200);
    expect(volumetricGrams({ length: 10.1, width: 10, height: 10 })).toBe(202);
    expect(volumetricGrams({ length: 0.1, width: 0.1, height: 0.1 })).toBe(1);
    expect(chargeableGrams(300, { length: 30, width: 20, height: 10 })).toEqual({
      grams: 1200,
      volumetricGrams: 1200,
      isVolumetric: true,
    });
    expect(chargeableGrams(2000, { length: 10, width: 10, height: 10 })).toEqual({
      grams: 2000,
      volumetricGrams: 200,
      isVolumetric: false,
    });
    expect(chargeableGrams(700)).toEqual({ grams: 700, volumetricGrams: null, isVolumetric: false });
  });
});
