import type sanitizeHtml from 'sanitize-html';
import { createRichTextSanitizer } from '../../../lib/rich-text';

/**
 * The allowlist a store's buyer's guide is cut down to (docs/decisions/0010): formatting, lists,
 * headings, quotes, code, tables, and links to http(s), mailto and tel addresses or to a path of the
 * store itself. Everything else goes — script, style and frame elements with their text, every event
 * handler and style attribute, javascript:/data: URLs, protocol-relative and backslashed paths — so the
 * store host never serves script a merchant wrote. Absolute links open in a new tab without access to
 * the opener. Saved sanitised, and sanitised again when the page is drawn.
 */
const ABSOLUTE_HREF = /^(https?:\/\/|mailto:|tel:)/i;
/** A path of the store: one leading slash, no second one, no backslash or whitespace. */
const STORE_PATH = /^\/(?![/\\])[^\s\\]*$/;

function linkAttributes(href: string): sanitizeHtml.Attributes {
  if (STORE_PATH.test(href)) return { href };
  if (ABSOLUTE_HREF.test(href)) return { href, target: '_blank', rel: 'noopener noreferrer nofollow' };
  return {};
}

/** Sanitised HTML of a buyer's guide. */
export const sanitizeGuideHtml = createRichTextSanitizer({
  extraTags: ['hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  schemes: ['http', 'https', 'mailto', 'tel'],
  linkAttributes,
});
