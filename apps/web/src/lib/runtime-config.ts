/**
 * Settings the API writes into index.html in production: `<!--parlour-config-->` becomes a JSON data
 * block, `<script type="application/json" id="parlour-config">{...}</script>`, which the browser
 * never runs (the Content-Security-Policy allows no inline script). Absent under `vite dev`, where
 * both lists are empty and every page is reachable on every host.
 */
export interface RuntimeConfig {
  /** Hostnames of the main (marketing) site: only the site-layout pages are served there. */
  siteHosts: string[];
  /** Hostnames of the console: `/index` there leads into the console instead of the marketing page. */
  consoleHosts: string[];
}

/** The id of the data block (apps/api/src/plugins/web.ts writes it). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'parlour-config';

function toHostList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((host): host is string => typeof host === 'string' && host.length > 0)
    .map((host) => host.toLowerCase());
}

function readDataBlock(): Partial<RuntimeConfig> | undefined {
  const text =
    typeof document === 'undefined' ? undefined : document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Partial<RuntimeConfig>;
  } catch {
    return undefined;
  }
}

export function getRuntimeConfig(): RuntimeConfig {
  const raw = readDataBlock();
  return { siteHosts: toHostList(raw?.siteHosts), consoleHosts: toHostList(raw?.consoleHosts) };
}
