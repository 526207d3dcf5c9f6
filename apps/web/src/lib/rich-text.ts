import type { TLocalizedText } from '@parlour/contract/localized-text';
import type { FormRule } from 'antd';
import { issueMessage } from './form-rules';

/** The text a reader would see in editor HTML, to tell an empty editor (`<p><br></p>`) from real content. */
export function visibleText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/**
 * The rule of a required rich text: markup that shows nothing (`<p><br></p>`) is refused with the
 * contract's `message` (an empty value is the contract rule's own to report).
 */
export function visibleTextRule(message: string, path: readonly PropertyKey[]): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      if (value && !visibleText(value)) throw new Error(issueMessage({ message, path }));
    },
  };
}

/** A bilingual rich text to send: an English text that shows nothing (an emptied editor) is no translation. */
export function withoutEmptyTranslation(text: TLocalizedText | undefined): TLocalizedText {
  return {
    'zh-CN': text?.['zh-CN'] ?? '',
    'en-US': text?.['en-US'] && visibleText(text['en-US']) ? text['en-US'] : '',
  };
}
