import { z } from 'zod';
import { defineCall, ZEmptyInput } from '../call';

/**
 * The site group of the settings (spec §3 site config) and the public call that answers it. Kept
 * apart from the other groups so the public pages and the sign-in pages load only this much.
 */

const text = (max: number, key: string) => z.string({ error: key }).trim().max(max, { error: key });
export const optionalText = (max: number, key: string) => text(max, key).default('');
const HOSTNAME_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/** An uploaded image of ours (`/uploads/<name>`) or an absolute https URL; empty for none. */
const ZImageRef = z
  .string({ error: 'image_url_invalid' })
  .trim()
  .max(500, { error: 'image_url_invalid' })
  .refine(
    (value) => value === '' || /^\/uploads\/[A-Za-z0-9._-]+$/.test(value) || /^https:\/\/[^\s"'<>]+$/.test(value),
    { error: 'image_url_invalid' },
  )
  .default('');
/** A customer-service phone as people write it: digits, spaces, +, -, parentheses. */
const ZServicePhone = z
  .string({ error: 'service_phone_invalid' })
  .trim()
  .max(30, { error: 'service_phone_invalid' })
  .refine((value) => value === '' || /^\+?[0-9][0-9 ()-]{4,28}$/.test(value), { error: 'service_phone_invalid' })
  .default('');

export const ZSiteSettings = z.object({
  site_name: z
    .string({ error: 'site_name_required' })
    .trim()
    .min(1, { error: 'site_name_required' })
    .max(50, { error: 'site_name_length' }),
  /** The public site's hostname, without scheme. */
  domain: z
    .string({ error: 'site_domain_invalid' })
    .trim()
    .toLowerCase()
    .max(253, { error: 'site_domain_invalid' })
    .refine((value) => value === '' || HOSTNAME_PATTERN.test(value), { error: 'site_domain_invalid' })
    .default(''),
  keywords: optionalText(200, 'keywords_length'),
  description: optionalText(500, 'description_length'),
  logo: ZImageRef,
  ico: ZImageRef,
  /** ICP record number, linked to the MIIT record site in the footer. */
  record_number: optionalText(50, 'record_number_length'),
  copyright: optionalText(100, 'copyright_length'),
  service_phone: ZServicePhone,
});
export type TSiteSettings = z.infer<typeof ZSiteSettings>;

/**
 * What the public site and the consoles show: the site group (it holds nothing secret), and the
 * business time zone whose days the traffic reports' time filters count.
 */
export const ZPublicSiteSettings = ZSiteSettings.extend({ business_time_zone: z.string() });
export type TPublicSiteSettings = z.infer<typeof ZPublicSiteSettings>;

export const merchantConfigList = defineCall({
  path: 'merchant/common/config/configList',
  role: 'merchant',
  isAuthenticated: false,
  isWrite: false,
  summary:
    "The public site's configuration: name, domain, keywords, description, logo, icon, record number, copyright, " +
    "service phone, and the business time zone of the reports' days",
  input: ZEmptyInput,
  output: ZPublicSiteSettings,
});
