import { isConsolePath } from '@parlour/contract/console-path';
import type sanitizeHtml from 'sanitize-html';
import { createRichTextSanitizer } from '../../../lib/rich-text';

/**
 * The allowlist notice content (and a plugin's description) is cut down to: formatting, lists,
 * headings, quotes, code, links to http(s)/mailto and links to a console path on the same origin
 * (`/merchant/bill`, see `isConsolePath`). Everything else goes — script and style elements with
 * their text, event handler and style attributes, javascript:/data: URLs, protocol-relative and
 * backslashed paths — so the HTML merchants render can never run script or leave for another host
 * unannounced. Absolute links open in a new tab without access to the opener; a console path opens in
 * the same tab (the console follows it in the app). Both are shown only in the consoles.
 */
/** Checked again by `allowedSchemes` below; here it decides whether the link keeps target and rel. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

function linkAttributes(href: string): sanitizeHtml.Attributes {
  if (isConsolePath(href)) return { href };
  if (SAFE_HREF.test(href)) return { href, target: '_blank', rel: 'noopener noreferrer' };
  return {};
}

/** Sanitised HTML of a notice's content. */
export const sanitizeNoticeHtml = createRichTextSanitizer({ schemes: ['http', 'https', 'mailto'], linkAttributes });

export { visibleText } from '../../../lib/rich-text';
