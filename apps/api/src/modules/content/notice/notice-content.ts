import { isConsolePath } from '@parlour/contract/console-path';
import sanitizeHtml from 'sanitize-html';

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

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these is dropped with the element, not kept as visible text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
  ],
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({ tagName, attribs: linkAttributes(attribs.href ?? '') }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/** Sanitised HTML of a notice's content. */
export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The visible text of sanitised HTML: tells an empty editor (`<p><br></p>`) from real content. */
export function visibleText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .trim();
}
