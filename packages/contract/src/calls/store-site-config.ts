import { z } from 'zod';
import { defineCall } from '../call';
import { ZSiteSettings } from './site-settings';
import { ZShopId } from './store';

/**
 * Each store's basic config (spec §2 /setting/index, §3 site config): what the store's own site shows
 * its visitors in the header and footer. The fields and their rules are the platform site group's
 * (calls/site-settings), but the domain: a store's domain is its primary domain, managed on the domain
 * pages, so it is shown here and never edited.
 */

/** The fields a merchant (or an operator for them) edits. */
export const ZStoreSiteConfigFields = ZSiteSettings.omit({ domain: true });
export type TStoreSiteConfigFields = z.infer<typeof ZStoreSiteConfigFields>;

export const ZStoreSiteConfig = ZStoreSiteConfigFields.extend({
  shop_id: z.string(),
  shop_name: z.string(),
  /** The store's primary domain (read-only here), null until the store is provisioned. */
  domain: z.string().nullable(),
  /** When the config was last saved; null while it holds the defaults written at provisioning. */
  updated_at: z.string().nullable(),
});
export type TStoreSiteConfig = z.infer<typeof ZStoreSiteConfig>;

export const ZStoreSiteConfigRef = z.object({ shop_id: ZShopId });
export const ZStoreSiteConfigEditInput = ZStoreSiteConfigFields.extend({ shop_id: ZShopId });
export type TStoreSiteConfigEditInput = z.input<typeof ZStoreSiteConfigEditInput>;

export const merchantSiteConfigDetail = defineCall({
  path: 'merchant/parlour/site_config/detail',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: false,
  summary:
    "One of the merchant's stores' basic config: site name, primary domain, keywords, description, logo, icon, record number, copyright, service phone",
  input: ZStoreSiteConfigRef,
  output: ZStoreSiteConfig,
});
export const merchantSiteConfigEdit = defineCall({
  path: 'merchant/parlour/site_config/edit',
  role: 'merchant',
  isAuthenticated: true,
  isWrite: true,
  summary:
    "Saves one of the merchant's stores' basic config (every field but the domain, which the domain pages manage)",
  input: ZStoreSiteConfigEditInput,
  output: ZStoreSiteConfig,
});
export const adminSiteConfigDetail = defineCall({
  path: 'admin/parlour/site_config/detail',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: "Any store's basic config (the operator's system-config group)",
  input: ZStoreSiteConfigRef,
  output: ZStoreSiteConfig,
});
export const adminSiteConfigEdit = defineCall({
  path: 'admin/parlour/site_config/edit',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: "Saves any store's basic config on its merchant's behalf (audited)",
  input: ZStoreSiteConfigEditInput,
  output: ZStoreSiteConfig,
});
