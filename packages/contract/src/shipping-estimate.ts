/**
 * The international shipping rule of a store's rate table (issue 24 §5b), written once: the storefront's
 * estimator uses it now, checkout and the store admin's packing next. Weights are grams, money CNY fen,
 * dimensions centimetres.
 */

/** Volumetric weight divisor: L × W × H (cm) / 5000 = kilograms, the couriers' usual air-freight rule. */
export const VOLUMETRIC_DIVISOR = 5000;

/** A zone's prices: the first weight (grams) for a price, then every further step (grams) or part of one for another. */
export interface ShippingRate {
  first_weight: number;
  first_price: number;
  step_weight: number;
  step_price: number;
}

/** The volumetric weight in whole grams (rounded up) of a parcel measured in centimetres. */
export function volumetricGrams(dimensions: { length: number; width: number; height: number }): number {
  const cubicCentimetres = dimensions.length * dimensions.width * dimensions.height;
  // kg = cm³ / 5000, so grams = cm³ / 5; a hair of float error never adds a gram.
  return Math.ceil(cubicCentimetres / (VOLUMETRIC_DIVISOR / 1000) - 1e-9);
}

/** The weight charged: the actual weight or the volumetric one, whichever is heavier. */
export function chargeableGrams(
  actualGrams: number,
  dimensions?: { length: number; width: number; height: number },
): { grams: number; volumetricGrams: number | null; isVolumetric: boolean } {
  const volumetric = dimensions ? volumetricGrams(dimensions) : null;
  const isVolumetric = volumetric !== null && volumetric > actualGrams;
  return { grams: isVolumetric ? volumetric : actualGrams, volumetricGrams: volumetric, isVolumetric };
}

/** The price in fen of `grams` under `rate`, and how many continued steps it took (a part of a step counts whole). */
export function shippingPrice(rate: ShippingRate, grams: number): { fen: number; steps: number } {
  const beyond = Math.max(0, grams - rate.first_weight);
  const steps = Math.ceil(beyond / rate.step_weight);
  return { fen: rate.first_price + steps * rate.step_price, steps };
}
