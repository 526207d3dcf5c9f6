import { z } from 'zod';
import { defaultLang, type Lang } from './errors';
import type { ValidationKey } from './i18n/validation';

/**
 * Text an operator writes for merchants and visitors (version names, plan names, notices, and the
 * plugins to come), in every language of the product: Chinese is required, English optional. An
 * empty English text means "not translated": readers get the Chinese one.
 */
export interface TLocalizedText {
  'zh-CN': string;
  'en-US'?: string;
}

/** The language whose text is required and shown when another is missing. */
export const SOURCE_LANG: Lang = defaultLang;

/** Rules of one language's text; each language gets the same, only the source language is required. */
export interface LocalizedTextRule {
  maxLength: number;
  /** Message when the required text is missing (and when a text is not a string). */
  requiredError: ValidationKey;
  /** Message when a text is longer than `maxLength`. */
  lengthError: ValidationKey;
  /** False: the source language may be empty too (an optional field such as a description). */
  isRequired?: boolean;
}

/** The schema of each language's text under `rule` (forms check one input at a time with these). */
export function localizedTextSchemas(rule: LocalizedTextRule) {
  const text = () => z.string({ error: rule.requiredError }).trim().max(rule.maxLength, { error: rule.lengthError });
  return {
    'zh-CN': rule.isRequired === false ? text().default('') : text().min(1, { error: rule.requiredError }),
    'en-US': text().default(''),
  };
}

/** A bilingual text once validated: both keys, '' where there is no text. */
export type TLocalizedTextValue = { 'zh-CN': string; 'en-US': string };

/**
 * The input schema of a bilingual text: `{ 'zh-CN': string, 'en-US'?: string }`, each trimmed and
 * checked with the same rule. A failing text's issue path ends in its language, so the message
 * names the field and the language (i18n/validation's translateIssue). A plain string, as clients
 * sent before texts were bilingual, is taken as the Chinese text.
 */
export function localizedText(rule: LocalizedTextRule): z.ZodType<TLocalizedTextValue, TLocalizedText | string> {
  const object = z.object(localizedTextSchemas(rule), { error: rule.requiredError });
  return z.preprocess(
    (value) => (typeof value === 'string' ? { 'zh-CN': value } : value),
    object,
  ) as unknown as z.ZodType<TLocalizedTextValue, TLocalizedText | string>;
}

/** A bilingual text as the API answers it to the operator's edit forms: both keys, '' when not translated. */
export const ZLocalizedTextOutput = z.object({ 'zh-CN': z.string(), 'en-US': z.string() });
export type TLocalizedTextOutput = z.infer<typeof ZLocalizedTextOutput>;

/** The text in `lang`, falling back to the source language when `lang`'s is missing or blank. */
export function pickLocalizedText(text: TLocalizedText, lang: Lang): string {
  const wanted = text[lang];
  return typeof wanted === 'string' && wanted.trim() !== '' ? wanted : text['zh-CN'];
}

/** Whether a path segment of a validation issue is a language of a bilingual text. */
export function isContentLang(value: PropertyKey): value is Lang {
  return value === 'zh-CN' || value === 'en-US';
}
