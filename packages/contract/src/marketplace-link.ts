/**
 * What a buyer types into a reverse-shopping store's search box: a keyword, a marketplace link
 * (desktop or mobile, with or without its scheme), the share text of a marketplace app (Chinese
 * text and emoji around a link), or a Taobao share code (淘口令) with no link at all.
 */
import type { LOG_PLATFORMS } from './constants';

export type MarketplacePlatform = (typeof LOG_PLATFORMS)[number];

export type MarketplaceInput =
  | { kind: 'keyword'; keyword: string } // trimmed, inner whitespace collapsed; never '' (that is 'empty')
  | { kind: 'empty' }
  | { kind: 'item'; platform: MarketplacePlatform; itemId: string }
  // text: the short URL (short_link), or the 淘口令 with its delimiters as found (share_code)
  | { kind: 'needs_resolve'; platform: MarketplacePlatform; form: 'short_link' | 'share_code'; text: string }
  // an http(s) URL we do not recognise: any other host, or a marketplace URL that names no item
  | { kind: 'unknown_link'; url: string };

/** Inputs longer than this are cut before parsing. */
export const MARKETPLACE_INPUT_MAX = 2000;

/** Item ids of all four marketplaces are digits only. */
const ITEM_ID = /^\d{5,20}$/;

/** Reads the item id from a URL of a rule's hosts; undefined when the URL names no (valid) item. */
type ReadItemId = (url: URL) => string | undefined;

/** Marks hosts whose links only the marketplace itself can resolve to an item. */
const SHORT_LINK = 'short_link';

interface HostRule {
  /** The hosts the rule covers: each of these domains and every subdomain of it. */
  domains: readonly string[];
  platform: MarketplacePlatform;
  read: ReadItemId | typeof SHORT_LINK;
}

/** The first of `names` (compared ignoring case) whose value in the URL's query is a valid item id. */
function queryId(url: URL, names: readonly string[]): string | undefined {
  for (const name of names) {
    for (const [key, value] of url.searchParams) {
      if (key.toLowerCase() === name && ITEM_ID.test(value)) return value;
    }
  }
  return undefined;
}

/** The id captured by the first of `patterns` that matches the URL's path, if valid. */
function pathId(url: URL, patterns: readonly RegExp[]): string | undefined {
  for (const pattern of patterns) {
    const id = pattern.exec(url.pathname)?.[1];
    if (id !== undefined && ITEM_ID.test(id)) return id;
  }
  return undefined;
}

/**
 * Taobao and Tmall: the item id is the `id` query parameter on every desktop and mobile item page
 * (item.taobao.com/item.htm, detail.tmall.com/item.htm, detail.m.tmall.com, m.intl.taobao.com/detail,
 * h5.m.taobao.com/awp/core/detail.htm...), `itemId` on market.m.taobao.com pages, `item_id` or `num_iid`
 * on promotion pages; in the path on world.taobao.com/item/<id>.htm and a.m.taobao.com/i<id>.htm.
 * Xianyu (2.taobao.com, idleFish pages) is another marketplace whose ids are no Taobao items.
 */
const taobaoItemId: ReadItemId = (url) => {
  if (url.hostname === '2.taobao.com' || /idlefish/i.test(url.pathname)) return undefined;
  return (
    queryId(url, ['id', 'itemid', 'item_id', 'num_iid']) ??
    pathId(url, [/^\/item\/(\d+)\.html?$/i, /^\/i(\d+)\.html?$/i])
  );
};

/**
 * 1688: /offer/<id>.html on detail.1688.com and m.1688.com, `offerId` in the query on any 1688 host
 * (detail.m.1688.com/page/index.html?offerId=<id>).
 */
const offerId: ReadItemId = (url) => pathId(url, [/^\/offer\/(\d+)\.html?$/i]) ?? queryId(url, ['offerid']);

/**
 * JD: /<id>.html on the item hosts (item.jd.com, item.jd.hk, npcitem.jd.hk), /product/<id>.html on
 * item.m.jd.com, and the query's `wareId` (item.m.jd.com/ware/view.action) or `sku`/`skuId`
 * (wqitem.jd.com/item/view): on JD an item is its SKU.
 */
const jdItemId: ReadItemId = (url) => {
  const paths = /^(?:item|npcitem)\./.test(url.hostname)
    ? [/^\/(\d+)\.html?$/i, /^\/product\/(\d+)\.html?$/i]
    : [/^\/product\/(\d+)\.html?$/i];
  return pathId(url, paths) ?? queryId(url, ['wareid', 'sku', 'skuid']);
};

/** Weidian: `itemID` (any case) in the query of item.html, on weidian.com and its shop and mobile hosts. */
const weidianItemId: ReadItemId = (url) => queryId(url, ['itemid']);

/**
 * The marketplace hosts. The first rule covering a host wins, so each short-link host comes before
 * the domain it belongs to.
 */
const HOST_RULES: readonly HostRule[] = [
  /** Taobao's share links (m.tb.cn/h.<code>?tk=…, e.tb.cn): Taobao, Tmall and Xianyu alike. */
  { domains: ['tb.cn'], platform: 'taobao', read: SHORT_LINK },
  /** Taobao affiliate (Alimama) click links: s.click.taobao.com/t?e=… or /<code>. */
  { domains: ['s.click.taobao.com'], platform: 'taobao', read: SHORT_LINK },
  { domains: ['taobao.com', 'tmall.com', 'tmall.hk'], platform: 'taobao', read: taobaoItemId },
  /** The 1688 app's share links: qr.1688.com/s/<code>. */
  { domains: ['qr.1688.com'], platform: '1688', read: SHORT_LINK },
  { domains: ['1688.com'], platform: '1688', read: offerId },
  /** JD's short links (3.cn/<code>) and its affiliate links (u.jd.com/<code>). */
  { domains: ['3.cn', 'u.jd.com'], platform: 'jd', read: SHORT_LINK },
  { domains: ['jd.com', 'jd.hk'], platform: 'jd', read: jdItemId },
  /** Weidian's share links: k.youshop10.com/<code>. */
  { domains: ['k.youshop10.com'], platform: 'micro_store', read: SHORT_LINK },
  { domains: ['weidian.com', 'koudai.com', 'vdian.com'], platform: 'micro_store', read: weidianItemId },
];

function ruleFor(hostname: string): HostRule | undefined {
  const host = hostname.replace(/\.$/, '');
  return HOST_RULES.find((rule) => rule.domains.some((domain) => host === domain || host.endsWith(`.${domain}`)));
}

function readUrl(url: URL): MarketplaceInput {
  const rule = ruleFor(url.hostname);
  if (rule?.read === SHORT_LINK) {
    // A short link without its code (m.tb.cn/) leads nowhere.
    if (url.pathname.length > 1)
      return { kind: 'needs_resolve', platform: rule.platform, form: 'short_link', text: url.href };
  } else if (rule) {
    const itemId = rule.read(url);
    if (itemId !== undefined) return { kind: 'item', platform: rule.platform, itemId };
  }
  return { kind: 'unknown_link', url: url.href };
}

/**
 * Stretches of text a URL can be made of as pasted: printable ASCII except quotes, angle brackets and
 * the other characters a URL never holds unencoded. Chinese text, emoji, full-width punctuation
 * (】」，。) and whitespace end a stretch, so a link glued to share text comes out whole.
 */
const URL_STRETCH = /(?:(?!["'<>`{}|\\^])[!-~])+/g;
const SCHEME = /https?:\/\//i;
/** A token that starts with a host name (labels, then a top-level domain of letters) and an optional port. */
const HOST_FIRST = /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?=[/?#]|$)/i;
/** Punctuation that ends a sentence rather than a URL. */
const TRAILING_PUNCTUATION = /[.,;:!?]$/;
/** Closing brackets and the opening bracket each one matches. */
const BRACKETS: Readonly<Record<string, string>> = { ')': '(', ']': '[' };

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** Drops sentence punctuation, and closing brackets the URL did not open, from the end of `url`. */
function trimEnd(url: string): string {
  const unmatched = new Map(
    Object.entries(BRACKETS).map(([close, open]) => [close, count(url, close) - count(url, open)]),
  );
  let end = url.length;
  while (end > 0) {
    const last = url[end - 1];
    const extra = unmatched.get(last) ?? 0;
    if (extra > 0) unmatched.set(last, extra - 1);
    else if (!TRAILING_PUNCTUATION.test(last)) break;
    end -= 1;
  }
  return url.slice(0, end);
}

/**
 * The URL a stretch of text holds: from its http(s):// on, or, without one, a token that starts with a
 * host name and either goes on with a path, query or fragment or names a marketplace host
 * (item.jd.com/100012043978.html, taobao.com; a bare example.com or node.js stays a keyword).
 */
function urlIn(stretch: string): URL | undefined {
  const text = stretch.replace(/&amp;/gi, '&');
  const scheme = text.search(SCHEME);
  let candidate: string;
  if (scheme >= 0) {
    candidate = text.slice(scheme);
  } else {
    const token = text.replace(/^[^a-z0-9]+/i, ''); // leading brackets, quotes, a protocol-relative //
    const host = HOST_FIRST.exec(token)?.[0];
    if (host === undefined) return undefined;
    if (token.length === host.length && !ruleFor(host.replace(/:\d+$/, '').toLowerCase())) return undefined;
    candidate = `https://${token}`;
  }
  try {
    return new URL(trimEnd(candidate));
  } catch {
    return undefined;
  }
}

/** 淘口令: 8–14 letters and digits between two of the same currency sign (￥ ¥ $ € ₤ ¢ ₳ …). */
const CURRENCY_CODE = /(\p{Sc})([A-Za-z0-9]{8,14})\1/gu;
/** 淘口令 in ASCII or full-width round brackets. */
const BRACKET_CODE = /[(（]([A-Za-z0-9]{8,14})[)）]/g;
/** Words that say the text comes from Taobao or Tmall. */
const TAOBAO_WORDING = /淘宝|手淘|天猫|淘口令|taobao|tmall/i;

/**
 * The 淘口令 in `text`, with its delimiters as found. Only when the text speaks of Taobao, or holds no
 * letters besides the code (`9￥AbCd1234XyZ￥/`); a code in currency signs has a letter, one in
 * brackets a letter and a digit, so `iphone (2024)` and `$12345678$` stay keywords.
 */
function shareCode(text: string): string | undefined {
  const worded = TAOBAO_WORDING.test(text);
  const found = (match: RegExpMatchArray) =>
    worded || !/\p{L}/u.test(text.slice(0, match.index) + text.slice((match.index ?? 0) + match[0].length));
  for (const match of text.matchAll(CURRENCY_CODE)) {
    if (/[A-Za-z]/.test(match[2]) && found(match)) return match[0];
  }
  for (const match of text.matchAll(BRACKET_CODE)) {
    if (/[A-Za-z]/.test(match[1]) && /\d/.test(match[1]) && found(match)) return match[0];
  }
  return undefined;
}

/**
 * The link or code in `text`: the first URL naming an item or a short link, else a 淘口令, else the
 * first other URL; undefined when there is none.
 */
function linkIn(text: string): MarketplaceInput | undefined {
  let unknown: MarketplaceInput | undefined;
  for (const [stretch] of text.matchAll(URL_STRETCH)) {
    const url = urlIn(stretch);
    if (url === undefined) continue;
    const read = readUrl(url);
    if (read.kind !== 'unknown_link') return read;
    unknown ??= read;
  }
  const code = shareCode(text);
  if (code !== undefined) return { kind: 'needs_resolve', platform: 'taobao', form: 'share_code', text: code };
  return unknown;
}

/** Reads what a buyer typed into the search box. Never throws. */
export function parseMarketplaceInput(text: string): MarketplaceInput {
  let input = typeof text === 'string' ? text.slice(0, MARKETPLACE_INPUT_MAX) : '';
  if (/[\ud800-\udbff]$/.test(input)) input = input.slice(0, -1); // the cut went through an emoji
  const keyword = input.replace(/\s+/g, ' ').trim();
  if (keyword === '') return { kind: 'empty' };
  try {
    return linkIn(input) ?? { kind: 'keyword', keyword };
  } catch {
    return { kind: 'keyword', keyword };
  }
}

const ITEM_URLS: Readonly<Record<MarketplacePlatform, (itemId: string) => string>> = {
  taobao: (id) => `https://item.taobao.com/item.htm?id=${id}`,
  '1688': (id) => `https://detail.1688.com/offer/${id}.html`,
  jd: (id) => `https://item.jd.com/${id}.html`,
  micro_store: (id) => `https://weidian.com/item.html?itemID=${id}`,
};

/** The canonical desktop item URL. */
export function marketplaceItemUrl(platform: MarketplacePlatform, itemId: string): string {
  return ITEM_URLS[platform](encodeURIComponent(itemId));
}
