import type { Lang } from '@parlour/contract/errors';
import { translateIssue } from '@parlour/contract/i18n/validation';
import { localizedTextSchemas, type LocalizedTextRule } from '@parlour/contract/localized-text';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { currentLang } from './i18n';

/**
 * Form rules from the contract's zod schemas, so the browser refuses exactly what the API
 * refuses, in the same words (messages are keys of the contract's validation catalogue).
 */

type ObjectSchema = z.ZodObject<z.ZodRawShape>;
type Issue = { message: string; path: readonly PropertyKey[] };

/** The message of a zod issue in the interface language. */
export function issueMessage(issue: Issue): string {
  return translateIssue(issue.message, issue.path, currentLang());
}

/** First message for `value` under `schema`, or undefined when valid. */
export function validateValue(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? issueMessage({ message: issue.message, path: [field, ...issue.path] }) : undefined;
}

/** First message of one field of an object schema, checking that field's own rule only. */
export function validateField<S extends ObjectSchema>(schema: S, field: keyof S['shape'] & string, value: unknown): string | undefined {
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
export function fieldRule<S extends ObjectSchema>(schema: S, field: keyof S['shape'] & string, options: FieldRuleOptions = {}): FormRule {
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
