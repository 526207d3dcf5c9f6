import { OPEN_API_LOG_ERRORS, type ConsumeSource, type OpenApiLogError } from '@parlour/contract/calls/traffic-report';
import type { TFunction } from 'i18next';

/** A §9 platform in the reader's language (micro_store is Weidian). */
export function platformLabel(t: TFunction, platform: string): string {
  return t(`trafficReport.platform.${platform}`, { defaultValue: platform });
}

/**
 * An Open API by code in the reader's language; the catalogue's own name for codes the console does
 * not know, and a generic label when there is none (the raw code is never the label).
 */
export function apiLabel(t: TFunction, code: string, name?: string): string {
  return t(`trafficReport.api.${code}`, {
    defaultValue: name && name !== code ? name : t('trafficReport.api.unknown'),
  });
}

/** Whether the console has a label of its own for an API code (else the code is worth showing to an operator). */
export function isKnownApi(t: TFunction, code: string): boolean {
  return t(`trafficReport.api.${code}`, { defaultValue: '' }) !== '';
}

/** The "consume source" of a charged call: the kind of package; null when nothing was charged. */
export function consumeSourceLabel(t: TFunction, source: ConsumeSource | null): string | null {
  return source ? t(`trafficReport.consumeSource.${source}`) : null;
}

/**
 * Why a call failed, translated: every outcome code the Open API logs has a label; anything else
 * (an unknown code, an older row's free text) gets the generic one. `isKnown` tells the caller
 * whether to show the code beside it (operators only).
 */
export function logOutcomeLabel(t: TFunction, code: string | null): { label: string; isKnown: boolean } {
  const isKnown = code !== null && (OPEN_API_LOG_ERRORS as readonly string[]).includes(code);
  return {
    label: isKnown ? t(`trafficReport.outcome.${code as OpenApiLogError}`) : t('trafficReport.outcome.unknown'),
    isKnown,
  };
}

/** 0.9345 → "93.5%". */
export function percent(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toLocaleString()}%`;
}
