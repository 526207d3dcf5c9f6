import { z } from 'zod';
import { defineCall } from '../call';
import { LOG_PLATFORMS } from '../constants';
import { MARKETPLACE_INPUT_MAX } from '../marketplace-link';
import { rowId } from '../schemas';
import { ZShopId } from './store';

/**
 * The merchant's picks (issue 24 §1): items the merchant pins for the store's home page, on the store
 * settings' "Picks" tab. The merchant pastes an item link or share text; adding looks the item up once
 * through the store's metered call and keeps a snapshot (title, main picture, CNY price range), so the
 * home page shows the picks without spending units. Picks keep the order the merchant gives them.
 */

/** The most picks a store pins (a home page grid of four rows of six). */
export const STORE_PICKS_MAX = 24;

export const ZStorePick = z.object({
  id: z.number().int(),
  platform: z.enum(LOG_PLATFORMS),
  item_id: z.string(),
  /** The snapshot taken when pinned. */
  title: z.string(),
  image: z.string(),
  /** The item's CNY price range when pinned, in fen (equal when the item has one price). */
  price_min: z.number().int(),
  price_max: z.number().int(),
  /** The item's China freight in fen when pinned (0 free); null when the marketplace did not say. */
  china_freight: z.number().int().nullable(),
  created_at: z.string(),
});
export type TStorePick = z.infer<typeof ZStorePick>;

/** A store's picks in their order, and how many it may have. */
export const ZStorePicks = z.object({
  shop_id: z.string(),
  list: z.array(ZStorePick),
  max: z.number().int(),
});
export type TStorePicks = z.infer<typeof ZStorePicks>;

export const ZStorePicksRef = z.object({ shop_id: ZShopId });
export const ZStorePickAddInput = z.object({
  shop_id: ZShopId,
  /** An item link, or the share text of a marketplace app holding one (a short link or 淘口令 where the catalogue can resolve it). */
  link: z
    .string({ error: 'pick_link_required' })
    .trim()
    .min(1, { error: 'pick_link_required' })
    .max(MARKETPLACE_INPUT_MAX, { error: 'pick_link_invalid' }),
});
export type TStorePickAddInput = z.input<typeof ZStorePickAddInput>;
const ZPickId = rowId('pick_id_invalid');
export const ZStorePickDeleteInput = z.object({ shop_id: ZShopId, id: ZPickId });
export const PICK_DIRECTIONS = ['up', 'down'] as const;
export const ZStorePickMoveInput = z.object({
  shop_id: ZShopId,
  id: ZPickId,
  direction: z.enum(PICK_DIRECTIONS, { error: 'pick_direction_invalid' }),
});

export const merchantStorePicksList = defineCall({
  path: 'merchant/parlour/picks/list',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary: "One of the merchant's stores' picks (items pinned for its home page), in their order",
  input: ZStorePicksRef,
  output: ZStorePicks,
});
export const merchantStorePickAdd = defineCall({
  path: 'merchant/parlour/picks/add',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary:
    "Pins an item for the store's home page from a pasted link or share text: looked up once as the store's metered call, its title, picture and price kept; answers the picks",
  input: ZStorePickAddInput,
  output: ZStorePicks,
});
export const merchantStorePickDelete = defineCall({
  path: 'merchant/parlour/picks/delete',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: "Removes one of the store's picks; answers the picks",
  input: ZStorePickDeleteInput,
  output: ZStorePicks,
});
export const merchantStorePickMove = defineCall({
  path: 'merchant/parlour/picks/move',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary: "Moves one of the store's picks a place up or down; answers the picks",
  input: ZStorePickMoveInput,
  output: ZStorePicks,
});
