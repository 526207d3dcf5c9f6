import type { Lang } from '@parlour/contract/errors';
import { describeIssue, type IssueWords } from '@parlour/contract/i18n/issue';
import { localizedTextSchemas, type LocalizedTextRule } from '@parlour/contract/localized-text';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { i18n } from './i18n';

/**
 * Form rules from the contract's zod schemas, so the browser refuses exactly what the API
 * refuses, in the same words (messages are keys of the contract's validation catalogue). The words
 * are the contract's, in the shown language only, read through i18next (locales/contract-texts.ts).
 */

type ObjectSchema = z.ZodObject<z.ZodRawShape>;
type Issue = { message: string; path: readonly PropertyKey[] };

/** Keys are taken whole: a zod message or a field name may hold '.' or ':'. */
const WHOLE_KEY = { keySeparator: false, nsSeparator: false } as const;
type Namespace = 'validation' | 'issue';
const translate = i18n.t.bind(i18n) as unknown as (key: string, options: Record<string, unknown>) => string;

/** A text of the contract's in the interface language (else English), undefined when there is none. */
function word(ns: Namespace, key: string, values: Record<string, string> = {}): string | undefined {
  return i18n.exists(key, { ns, ...WHOLE_KEY }) ? translate(key, { ns, ...WHOLE_KEY, ...values }) : undefined;
}

const issueWords: IssueWords = {
  message: (message) => word('validation', message),
  fieldRule: (message, label) => word('issue', `rule.${message}`, { label }),
  generic: (label) => word('issue', 'generic', { label }) ?? label,
  fieldLabel: (field) => word('issue', `field.${field}`),
  inLanguage: (sentence, textLang) =>
    word('issue', 'inLanguage', { sentence, language: word('issue', `language.${textLang}`) ?? textLang }) ?? sentence,
};

/** The message of a zod issue in the interface language. */
export function issueMessage(issue: Issue): string {
  return describeIssue(issue.message, issue.path, issueWords);
}

/** First message for `value` under `schema`, or undefined when valid. */
export function validateValue(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? issueMessage({ message: issue.message, path: [field, ...issue.path] }) : undefined;
}

/** First message of one field of an object schema, checking that field's own rule only. */
export function validateField<S extends ObjectSchema>(
  schema: S,
  field: keyof S['shape'] & string,
  value: unknown,
): string | undefined {
  return validateValue(schema.shape[field] as z.ZodType, value, field);
}

interface FieldRuleOptions {
  /** Another field this one must equal (a confirmation), and the message key when it does not. */
  sameAs?: { field: string; message: string };
}

/**
 * The antd rule of one field: its own zod rule first, then the schema's whole-object rules that
 * name this field (zod runs those once the rest of the object is valid, hence `sameAs` for a
 * confirmation that should be checked straight away).
 */
export function fieldRule<S extends ObjectSchema>(
  schema: S,
  field: keyof S['shape'] & string,
  options: FieldRuleOptions = {},
): FormRule {
  return ({ getFieldsValue, getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const own = validateField(schema, field, value);
      if (own) throw new Error(own);
      if (options.sameAs && value !== getFieldValue(options.sameAs.field)) {
        throw new Error(issueMessage({ message: options.sameAs.message, path: [field] }));
      }
      const whole = schema.safeParse({ ...getFieldsValue(true), [field]: value });
      const issue = whole.success ? undefined : whole.error.issues.find((candidate) => candidate.path[0] === field);
      if (issue) throw new Error(issueMessage(issue));
    },
  });
}

/**
 * The antd rule of one language of a bilingual text (contract's localized-text): the same rule for
 * each language, the Chinese text required; the message names the language of a translation.
 */
export function localizedTextRule(rule: LocalizedTextRule, lang: Lang, path: readonly PropertyKey[]): FormRule {
  const schema = localizedTextSchemas(rule)[lang];
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      const issue = result.success ? undefined : result.error.issues[0];
      if (issue) throw new Error(issueMessage({ message: issue.message, path: [...path, lang] }));
    },
  };
}
