import { errorMessages, type ErrorKey, type Lang } from '@parlour/contract/errors';
import {
  contentLanguageNames,
  fieldLabels,
  fieldRuleMessages,
  genericFieldMessage,
  languageSuffix,
  validationMessages,
  type ValidationKey,
} from '@parlour/contract/i18n/validation';

/**
 * The contract's messages in one language, as the console's i18next namespaces: `validation` (the
 * rules' sentences), `errors` (the error catalogue) and `issue` (the words lib/form-rules.ts puts
 * a field's issue together from: field names `field.<name>`, rules naming their field
 * `rule.<key>`, the generic sentence, a bilingual text's language — `{{label}}`, `{{sentence}}`
 * and `{{language}}` are filled in by i18next).
 *
 * Picked at build time: vite.config.ts puts them into the public part of each language's catalogue
 * (`virtual:catalogue/<lang>/public`), so the browser loads the shown language's messages only,
 * however many the contract grows; web tests register both languages up front (test/setup.ts).
 * A message missing in a language reads in English.
 */
export interface ContractTexts {
  validation: Record<ValidationKey, string>;
  errors: Record<ErrorKey, string>;
  issue: Record<string, string>;
}

function pick<K extends string, V>(table: Record<K, Record<Lang, V>>, lang: Lang): Record<K, V> {
  return Object.fromEntries(
    Object.entries<Record<Lang, V>>(table).map(([key, text]) => [
      key,
      (text as Partial<Record<Lang, V>>)[lang] ?? text['en-US'],
    ]),
  ) as Record<K, V>;
}

function prefixed(prefix: string, texts: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [`${prefix}${key}`, text]));
}

export function contractTexts(lang: Lang): ContractTexts {
  const ruleTemplates = pick<string, (label: string) => string>(fieldRuleMessages, lang);
  return {
    validation: pick(validationMessages, lang),
    errors: pick(errorMessages, lang),
    issue: {
      ...prefixed('field.', pick(fieldLabels, lang)),
      ...prefixed(
        'rule.',
        Object.fromEntries(Object.entries(ruleTemplates).map(([key, rule]) => [key, rule('{{label}}')])),
      ),
      ...prefixed('language.', pick(contentLanguageNames, lang)),
      generic: pick({ generic: genericFieldMessage }, lang).generic('{{label}}'),
      inLanguage: pick({ inLanguage: languageSuffix }, lang).inLanguage('{{sentence}}', '{{language}}'),
    },
  };
}
