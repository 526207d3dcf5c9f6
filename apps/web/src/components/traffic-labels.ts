import type { TFunction } from 'i18next';

/** A §9 platform in the reader's language (micro_store is Weidian). */
export function platformLabel(t: TFunction, platform: string): string {
  return t(`trafficReport.platform.${platform}`, { defaultValue: platform });
}

/** An Open API by code in the reader's language; the catalogue's own name for codes the console does not know. */
export function apiLabel(t: TFunction, code: string, name?: string): string {
  return t(`trafficReport.api.${code}`, { defaultValue: name || code });
}

/** 0.9345 → "93.5%". */
export function percent(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toLocaleString()}%`;
}
