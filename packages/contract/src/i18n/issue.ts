import type { Lang } from '../errors';
import { isContentLang, SOURCE_LANG } from '../localized-text';

/**
 * Where describeIssue finds its words, in the language of the sentence: the API reads the
 * contract's tables (translateIssue, i18n/validation.ts); the console reads the shown language's
 * messages through i18next (apps/web lib/form-rules.ts), so it never carries both languages.
 */
export interface IssueWords {
  /** The sentence of a validation key (i18n/validation.ts), undefined when `message` is none. */
  message(message: string): string | undefined;
  /** The sentence of a rule every field follows (fieldRuleMessages), naming the field; undefined when `message` is none. */
  fieldRule(message: string, label: string): string | undefined;
  /** The sentence of any other issue (genericFieldMessage), naming the field. */
  generic(label: string): string;
  /** A field's name (fieldLabels), undefined when it has none. */
  fieldLabel(field: string): string | undefined;
  /** A sentence about one language's text of a bilingual field, naming that language. */
  inLanguage(sentence: string, textLang: Lang): string;
}

/** Turns a zod issue (its message and path) into a sentence naming the field, in the words given. */
export function describeIssue(message: string, path: readonly PropertyKey[], words: IssueWords): string {
  // A bilingual text's issue ends in its language ('name.en-US'). The Chinese text is the field
  // itself (required, shown when there is no translation); an issue with a translation says so.
  const last = path[path.length - 1];
  const textLang = last !== undefined && isContentLang(last) ? last : undefined;
  const fieldPath = textLang ? path.slice(0, -1) : path;
  const label = () => fieldLabel(fieldPath, words);
  const sentence = words.message(message) ?? words.fieldRule(message, label()) ?? words.generic(label());
  return textLang && textLang !== SOURCE_LANG ? words.inLanguage(sentence, textLang) : sentence;
}

function fieldLabel(path: readonly PropertyKey[], words: IssueWords): string {
  // The last named segment: 'features.2' is a feature.
  const field = String([...path].reverse().find((segment) => typeof segment === 'string') ?? '');
  return (field ? words.fieldLabel(field) : undefined) ?? (field || 'body');
}
