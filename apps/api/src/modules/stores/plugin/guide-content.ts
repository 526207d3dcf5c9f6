import sanitizeHtml from 'sanitize-html';

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

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
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
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
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

/** Sanitised HTML of a buyer's guide. */
export function sanitizeGuideHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether sanitised HTML shows any text (an empty editor leaves `<p><br></p>`). */
export function hasVisibleText(html: string): boolean {
  return (
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}
