import sanitizeHtml from 'sanitize-html';

/** The formatting every rich text keeps: paragraphs, emphasis, lists, links, headings, quotes and code. */
const BASE_TAGS = [
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
];

/**
 * A sanitiser of rich text for one place it is shown (notices in the consoles, a store's buyer's guide):
 * the base formatting plus `extraTags`, links whose attributes `linkAttributes` decides (an empty object
 * drops the href, and an empty link with it) under `schemes`. Everything else goes — script, style and
 * frame elements with their text, every event handler and style attribute, protocol-relative URLs.
 */
export function createRichTextSanitizer(options: {
  extraTags?: readonly string[];
  schemes: readonly string[];
  linkAttributes: (href: string) => sanitizeHtml.Attributes;
}): (html: string) => string {
  const rules: sanitizeHtml.IOptions = {
    allowedTags: [...BASE_TAGS, ...(options.extraTags ?? [])],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: [...options.schemes],
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
      a: (tagName, attribs): sanitizeHtml.Tag => ({ tagName, attribs: options.linkAttributes(attribs.href ?? '') }),
    },
    exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
  };
  return (html) => sanitizeHtml(html, rules).trim();
}

/** The visible text of sanitised HTML: tells an empty editor (`<p><br></p>`) from real content. */
export function visibleText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .trim();
}
