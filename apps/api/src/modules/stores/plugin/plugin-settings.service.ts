import {
  STOREFRONT_PLUGIN_CODES,
  ZLiveChatSettings,
  type TBuyerGuide,
  type TLiveChat,
  type TLiveChatSettings,
} from '@parlour/contract/calls/plugin-settings';
import type { TLocalizedTextValue } from '@parlour/contract/localized-text';
import { z } from 'zod';
import type { Clock } from '../../../lib/clock';
import type { TenantScope } from '../../../lib/tenant-scope';
import type { ShopService } from '../shop/shop.service';
import { sanitizeGuideHtml } from './guide-content';
import type { PluginSettingsRepository } from './plugin-settings.repository';

const NO_CHANNELS: TLiveChatSettings = { wecom_url: '', whatsapp: '', email: '', phone: '' };
const NO_GUIDE: TLocalizedTextValue = { 'zh-CN': '', 'en-US': '' };
/** A stored guide, read defensively. */
const ZStoredGuide = z.object({ content: z.object({ 'zh-CN': z.string(), 'en-US': z.string().default('') }) });

/**
 * A store's settings of the plugins the storefront gives a feature to (issue 24 §5): the customer
 * service channels and the buyer's guide, edited by the store's merchant and read by its pages. The
 * guide is kept sanitised (guide-content.ts).
 */
export function createPluginSettingsService(deps: {
  repository: PluginSettingsRepository;
  shopService: Pick<ShopService, 'findShop'>;
  clock: Clock;
}) {
  const { repository } = deps;

  async function channelsOf(shopRef: number) {
    const row = await repository.find(shopRef, STOREFRONT_PLUGIN_CODES.liveChat);
    const parsed = row ? ZLiveChatSettings.safeParse(row.settings) : undefined;
    return { channels: parsed?.success ? parsed.data : NO_CHANNELS, updatedAt: row?.updated_at ?? null };
  }
  async function guideOf(shopRef: number) {
    const row = await repository.find(shopRef, STOREFRONT_PLUGIN_CODES.buyerGuide);
    const parsed = row ? ZStoredGuide.safeParse(row.settings) : undefined;
    return { content: parsed?.success ? parsed.data.content : NO_GUIDE, updatedAt: row?.updated_at ?? null };
  }
  const liveChatView = (shopId: string, stored: Awaited<ReturnType<typeof channelsOf>>): TLiveChat => ({
    shop_id: shopId,
    ...stored.channels,
    updated_at: stored.updatedAt?.toISOString() ?? null,
  });
  const guideView = (shopId: string, stored: Awaited<ReturnType<typeof guideOf>>): TBuyerGuide => ({
    shop_id: shopId,
    content: stored.content,
    updated_at: stored.updatedAt?.toISOString() ?? null,
  });

  return {
    /** A store's customer service channels within the scope (another merchant's store answers NOT_FOUND). */
    async getLiveChat(options: { scope: TenantScope; shopId: string }): Promise<TLiveChat> {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      return liveChatView(shop.shop_id, await channelsOf(shop.id));
    },

    async editLiveChat(options: { scope: TenantScope; shopId: string; channels: TLiveChatSettings }) {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      const { wecom_url, whatsapp, email, phone } = options.channels;
      const channels = { wecom_url, whatsapp, email, phone };
      const saved = await repository.save(shop.id, STOREFRONT_PLUGIN_CODES.liveChat, channels, deps.clock.now());
      return liveChatView(shop.shop_id, { channels, updatedAt: saved.updated_at });
    },

    /** A store's buyer's guide within the scope, sanitised HTML in both languages. */
    async getBuyerGuide(options: { scope: TenantScope; shopId: string }): Promise<TBuyerGuide> {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      return guideView(shop.shop_id, await guideOf(shop.id));
    },

    async editBuyerGuide(options: { scope: TenantScope; shopId: string; content: TLocalizedTextValue }) {
      const { view: shop } = await deps.shopService.findShop(options.scope, options.shopId);
      const content = {
        'zh-CN': sanitizeGuideHtml(options.content['zh-CN']),
        'en-US': sanitizeGuideHtml(options.content['en-US']),
      };
      const saved = await repository.save(shop.id, STOREFRONT_PLUGIN_CODES.buyerGuide, { content }, deps.clock.now());
      return guideView(shop.shop_id, { content, updatedAt: saved.updated_at });
    },

    /** The channels a store's contact button shows now. */
    async channelsOf(shopRef: number): Promise<TLiveChatSettings> {
      return (await channelsOf(shopRef)).channels;
    },

    /** The guide a store's /guide page shows now, in both languages (sanitised). */
    async guideOf(shopRef: number): Promise<TLocalizedTextValue> {
      return (await guideOf(shopRef)).content;
    },
  };
}
export type PluginSettingsService = ReturnType<typeof createPluginSettingsService>;
