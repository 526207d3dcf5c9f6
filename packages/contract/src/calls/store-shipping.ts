import { z } from 'zod';
import { defineCall } from '../call';
import { isPhoneCountry } from '../phone';
import { ZShopId } from './store';

/**
 * A store's own shipping data (issue 24 §5b): its rate table per destination zone, edited by the merchant
 * in the console (the shipping estimator plugin's settings) and read by the storefront's estimator; the
 * checkout and the store admin's packing (next issues) read the same table. Money is CNY fen, weights
 * grams; the rule is shipping-estimate.ts.
 */

export const SHIPPING_ZONES_MAX = 30;
export const SHIPPING_ZONE_NAME_MAX_LENGTH = 40;
/** 1000 kg: no parcel weighs more. */
export const SHIPPING_WEIGHT_MAX = 1_000_000;
/** ¥1,000,000 in fen. */
export const SHIPPING_PRICE_MAX = 100_000_000;

const grams = (error: 'shipping_first_weight_invalid' | 'shipping_step_weight_invalid') =>
  z.number({ error }).int({ error }).min(1, { error }).max(SHIPPING_WEIGHT_MAX, { error });
const fen = (error: 'shipping_first_price_invalid' | 'shipping_step_price_invalid') =>
  z.number({ error }).int({ error }).min(0, { error }).max(SHIPPING_PRICE_MAX, { error });

/** ISO 3166-1 alpha-2 codes of countries and regions (the list libphonenumber knows: every one a parcel goes to). */
const ZCountry = z
  .string({ error: 'shipping_country_invalid' })
  .trim()
  .toUpperCase()
  .refine(isPhoneCountry, { error: 'shipping_country_invalid' });

export const ZShippingZone = z.object({
  name: z
    .string({ error: 'shipping_zone_name_required' })
    .trim()
    .min(1, { error: 'shipping_zone_name_required' })
    .max(SHIPPING_ZONE_NAME_MAX_LENGTH, { error: 'shipping_zone_name_length' }),
  countries: z
    .array(ZCountry, { error: 'shipping_countries_required' })
    .min(1, { error: 'shipping_countries_required' })
    .max(300, { error: 'shipping_countries_required' }),
  /** Grams the first price covers. */
  first_weight: grams('shipping_first_weight_invalid'),
  /** Fen for the first weight. */
  first_price: fen('shipping_first_price_invalid'),
  /** Grams of each continued step. */
  step_weight: grams('shipping_step_weight_invalid'),
  /** Fen for each continued step (or part of one). */
  step_price: fen('shipping_step_price_invalid'),
});
export type TShippingZone = z.infer<typeof ZShippingZone>;

/** A country belongs to one zone at most: the estimate of a destination is never ambiguous. */
function oneZonePerCountry(zones: TShippingZone[], context: z.RefinementCtx) {
  const seen = new Set<string>();
  zones.forEach((zone, index) =>
    zone.countries.forEach((country, position) => {
      if (seen.has(country))
        context.addIssue({
          code: 'custom',
          path: ['zones', index, 'countries', position],
          message: 'shipping_country_repeated',
        });
      seen.add(country);
    }),
  );
}

export const ZShippingZones = z
  .array(ZShippingZone, { error: 'shipping_zones_invalid' })
  .max(SHIPPING_ZONES_MAX, { error: 'shipping_zones_max' });

export const ZStoreShipping = z.object({
  shop_id: z.string(),
  zones: z.array(
    z.object({
      name: z.string(),
      countries: z.array(z.string()),
      first_weight: z.number().int(),
      first_price: z.number().int(),
      step_weight: z.number().int(),
      step_price: z.number().int(),
    }),
  ),
  /** When the table was last saved; null while the store has none. */
  updated_at: z.string().nullable(),
});
export type TStoreShipping = z.infer<typeof ZStoreShipping>;

export const ZStoreShippingRef = z.object({ shop_id: ZShopId });
export const ZStoreShippingEditInput = z
  .object({ shop_id: ZShopId, zones: ZShippingZones })
  .superRefine((input, context) => oneZonePerCountry(input.zones, context));

export const merchantStoreShippingDetail = defineCall({
  path: 'merchant/parlour/shipping/detail',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary:
    "One of the merchant's stores' shipping rate table: zones with their countries, first and continued weight prices",
  input: ZStoreShippingRef,
  output: ZStoreShipping,
});
export const merchantStoreShippingEdit = defineCall({
  path: 'merchant/parlour/shipping/edit',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: "Saves one of the merchant's stores' shipping rate table whole; the store's estimator uses it at once",
  input: ZStoreShippingEditInput,
  output: ZStoreShipping,
});
