/**
 * The marketplaces' picture hosts, the only outside hosts a store's pages show images from (its CSP,
 * storefront.routes.ts): Taobao, Tmall and 1688 (alicdn.com), JD (360buyimg.com), Weidian
 * (geilicdn.com, weidian.com). The sandbox's pictures and a store's uploaded logo and icon are the
 * platform's own ('self').
 */
export const MARKETPLACE_IMAGE_SOURCES = [
  'https://alicdn.com',
  'https://*.alicdn.com',
  'https://*.360buyimg.com',
  'https://*.geilicdn.com',
  'https://*.weidian.com',
] as const;

/**
 * A marketplace picture's address as a page uses it: https always. Vendors answer protocol-relative
 * (`//img.alicdn.com/…`) and sometimes plain-http addresses, which the CSP (https only) and mixed
 * content would block; the marketplaces' image hosts all answer https.
 */
export function httpsImage(url: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('http://')) return `https://${url.slice('http://'.length)}`;
  return url;
}

/**
 * Whether a store page may show the picture at `url` under its CSP: one of the platform's own (a path:
 * uploads, the sandbox's pictures) or an https address on a marketplace's picture host. A store's
 * logo may be any https address in its config; one elsewhere would be blocked, so pages leave it out.
 */
export function isShownImage(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return false;
    host = parsed.hostname;
  } catch {
    return false;
  }
  return MARKETPLACE_IMAGE_SOURCES.some((source) => {
    const allowed = source.slice('https://'.length);
    return allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed;
  });
}
