import {
  ZPluginFields,
  type PluginStatus,
  type TAdminPluginDetail,
  type TPluginAddInput,
  type TPluginEditInput,
} from '@parlour/contract/calls/plugin';
import { DEFAULT_CURRENCY } from '@parlour/contract/constants';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import { emptyLocalizedText } from '@/components/localized-text-field';
import { issueMessage } from '@/lib/form-rules';
import { minorDigits } from '@/lib/money';
import { withoutEmptyTranslation } from '@/lib/rich-text';

/** The plugin form as the operator fills it: the price in major units (yuan) as typed. */
export interface PluginFormValues {
  code?: string;
  name?: TLocalizedText;
  icon?: string;
  type_id?: number;
  package_ids?: number[];
  /** Major units as typed; 0 = free. */
  price?: number | null;
  currency?: string;
  trial_days?: number | null;
  status?: PluginStatus;
  description?: TLocalizedText;
  screenshots?: string[];
  video_url?: string;
  version?: string;
  changelog?: TLocalizedText;
}

/** The currency as sent: upper case, the default when empty. */
export const normalCurrency = (currency: string | undefined) =>
  (currency ?? '').trim().toUpperCase() || DEFAULT_CURRENCY;

/** Major units (yuan, as typed) → minor units (fen); not a number when empty, for the contract to refuse. */
export function toMinorUnits(major: number | null | undefined, currency: string): number {
  return typeof major === 'number' && Number.isFinite(major)
    ? Math.round(major * 10 ** minorDigits(currency))
    : Number.NaN;
}

export const toMajorUnits = (minor: number, currency: string) => minor / 10 ** minorDigits(currency);

/** A new plugin's form (listed, free, no trial, version 1.0.0), or an existing one's from its detail. */
export function initialPluginValues(plugin: TAdminPluginDetail | null): PluginFormValues {
  if (!plugin) {
    return {
      code: '',
      name: emptyLocalizedText(),
      icon: '',
      type_id: undefined,
      package_ids: [],
      price: 0,
      currency: DEFAULT_CURRENCY,
      trial_days: 0,
      status: 'listed',
      description: emptyLocalizedText(),
      screenshots: [],
      video_url: '',
      version: '1.0.0',
      changelog: emptyLocalizedText(),
    };
  }
  return {
    code: plugin.code,
    name: plugin.localized.name,
    icon: plugin.icon,
    type_id: plugin.type_id,
    package_ids: plugin.packages.map((version) => version.id),
    price: toMajorUnits(plugin.price, plugin.currency),
    currency: plugin.currency,
    trial_days: plugin.trial_days,
    status: plugin.status,
    description: plugin.localized.description,
    screenshots: plugin.screenshots,
    video_url: plugin.video_url,
    version: plugin.version,
    changelog: plugin.localized.changelog,
  };
}

/** Trims a bilingual plain text; an English text of blanks is no translation. */
const trimmedText = (text: TLocalizedText | undefined): TLocalizedText => ({
  'zh-CN': (text?.['zh-CN'] ?? '').trim(),
  'en-US': (text?.['en-US'] ?? '').trim(),
});

/** What the add call takes from the form (edit: the same without the code, with the plugin's id). */
export function toPluginAddInput(values: PluginFormValues): TPluginAddInput {
  const currency = normalCurrency(values.currency);
  return {
    code: (values.code ?? '').trim(),
    name: values.name ?? emptyLocalizedText(),
    icon: values.icon ?? '',
    type_id: values.type_id as number,
    package_ids: values.package_ids ?? [],
    price: toMinorUnits(values.price, currency),
    currency,
    trial_days: values.trial_days ?? 0,
    status: values.status ?? 'listed',
    description: withoutEmptyTranslation(values.description),
    screenshots: values.screenshots ?? [],
    video_url: (values.video_url ?? '').trim(),
    version: (values.version ?? '').trim(),
    changelog: trimmedText(values.changelog),
  };
}

export function toPluginEditInput(id: number, values: PluginFormValues): TPluginEditInput {
  const { code: _code, ...fields } = toPluginAddInput(values);
  return { ...fields, id };
}

/**
 * Whether the price as typed (major units) is one the contract takes once in minor units (a whole
 * number of fen from 0 up to its maximum). Its own message speaks of minor units, so the form says
 * it in yuan.
 */
export function isPriceValid(major: number | null | undefined, currency: string | undefined): boolean {
  return ZPluginFields.shape.price.safeParse(toMinorUnits(major, normalCurrency(currency))).success;
}

/** The message for the trial days, or undefined: the contract's range, and no trial of a free plugin. */
export function trialDaysError(
  trialDays: number | null | undefined,
  major: number | null | undefined,
  currency: string | undefined,
): string | undefined {
  const own = ZPluginFields.shape.trial_days.safeParse(trialDays ?? 0);
  if (!own.success)
    return issueMessage({ message: own.error.issues[0]?.message ?? 'plugin_trial_days_invalid', path: ['trial_days'] });
  const minor = toMinorUnits(major, normalCurrency(currency));
  if ((trialDays ?? 0) > 0 && minor === 0)
    return issueMessage({ message: 'plugin_trial_needs_price', path: ['trial_days'] });
  return undefined;
}
