/**
 * Settings the API writes into index.html in production (`<!--parlour-config-->` becomes
 * `window.__PARLOUR_CONFIG__ = {...}`). Absent under `vite dev`, where both lists are empty and
 * every page is reachable on every host.
 */
export interface RuntimeConfig {
  /** Hostnames of the main (marketing) site: only the site-layout pages are served there. */
  siteHosts: string[];
  /** Hostnames of the console: `/index` there leads into the console instead of the marketing page. */
  consoleHosts: string[];
}

declare global {
  interface Window {
    __PARLOUR_CONFIG__?: Partial<RuntimeConfig>;
  }
}

function toHostList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((host): host is string => typeof host === 'string' && host.length > 0).map((host) => host.toLowerCase());
}

export function getRuntimeConfig(): RuntimeConfig {
  const raw = typeof window === 'undefined' ? undefined : window.__PARLOUR_CONFIG__;
  return { siteHosts: toHostList(raw?.siteHosts), consoleHosts: toHostList(raw?.consoleHosts) };
}
