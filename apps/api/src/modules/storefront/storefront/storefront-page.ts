import type { TStoreSiteConfigFields } from '@parlour/contract/calls/store-site-config';
import type { Lang } from '@parlour/contract/errors';
import { escapeHtml } from '../../../lib/html';

/**
 * The HTML a store's hosts answer (docs/domains.md): the store's front page from its basic config,
 * and the short pages for a store that is closed, not open yet or unknown. Server-rendered, every
 * value escaped, no script run (the page's CSP forbids scripts; a plugin's script placeholder is a
 * JSON data block, which browsers never execute).
 */

/** JSON made safe inside a `<script type="application/json">` block (no `</script>` or `<!--` can close it). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** Where an ICP record number links (the MIIT record site), as the console's preview does. */
export const RECORD_SITE = 'https://beian.miit.gov.cn/';

/** The front page's policy: images from the platform (uploads) or the https addresses the config allows, inline styles, nothing else. */
export const STOREFRONT_CSP =
  "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A plugin enabled on the store, as its front page shows it. */
export interface StorefrontPlugin {
  code: string;
  name: string;
  version: string;
}

const TEXT = {
  'zh-CN': {
    home: '首页',
    welcome: (name: string) => `欢迎光临${name}`,
    pluginsTitle: '店铺功能',
    pluginOn: '插件已启用',
    servicePhone: '客服电话：',
    poweredBy: '由 Parlour 提供技术支持',
    closedTitle: '店铺已关闭',
    disabled: '该店铺已停用，暂时无法访问。',
    termEnded: '该店铺的服务期已结束，续费后将重新开放。',
    soonTitle: '店铺即将开业',
    soon: '店铺正在准备中，敬请期待。',
    unknownTitle: '店铺不存在',
    unknown: '这里没有店铺。请检查网址是否正确。',
    methodTitle: '不支持该请求',
    method: '店铺页面只能浏览。',
    notFoundTitle: '页面不存在',
    notFound: '店铺里没有这个页面，可能已被移除，或网址有误。',
    backToFront: '返回店铺首页',
  },
  'en-US': {
    home: 'Home',
    welcome: (name: string) => `Welcome to ${name}`,
    pluginsTitle: 'Store features',
    pluginOn: 'Plugin enabled',
    servicePhone: 'Customer service: ',
    poweredBy: 'Powered by Parlour',
    closedTitle: 'Store closed',
    disabled: 'This store is disabled and cannot be visited at the moment.',
    termEnded: 'This store is closed: its service term has ended. It opens again once renewed.',
    soonTitle: 'Coming soon',
    soon: 'This store is being set up. Please come back soon.',
    unknownTitle: 'No store here',
    unknown: 'There is no store at this address. Please check it.',
    methodTitle: 'Not supported',
    method: 'A store page can only be viewed.',
    notFoundTitle: 'Page not found',
    notFound: 'This page is not in the store: it may have been removed, or the address is wrong.',
    backToFront: 'Back to the store front',
  },
} satisfies Record<Lang, Record<string, string | ((name: string) => string)>>;

const STYLE =
  `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;` +
  `background:#f5f6f8;line-height:1.6;display:flex;flex-direction:column;min-height:100vh}
a{color:#0958d9}
a:focus-visible{outline:2px solid #0958d9;outline-offset:2px}
.store-header{background:#fff;border-bottom:1px solid #e8e8e8}
.store-header__inner,.store-main,.store-footer__inner{max-width:1080px;margin:0 auto;padding:0 20px}
.store-header__inner{display:flex;align-items:center;gap:12px;min-height:64px;flex-wrap:wrap}
.store-logo{height:40px;max-width:160px;object-fit:contain}
.store-logo--empty{display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;` +
  `border-radius:8px;background:#0958d9;color:#fff;font-weight:600;font-size:20px}
.store-name{font-size:20px;font-weight:600;margin:0;overflow-wrap:anywhere}
.store-nav{margin-left:auto;display:flex;gap:20px;font-size:15px}
.store-nav a{color:#1f1f1f;text-decoration:none}
.store-main{flex:1;width:100%;padding-top:32px;padding-bottom:40px}
.store-hero{background:#fff;border-radius:12px;padding:40px 32px;margin-bottom:24px}
.store-hero h2{margin:0 0 12px;font-size:28px;overflow-wrap:anywhere}
.store-hero p{margin:0;color:#595959;font-size:16px;overflow-wrap:anywhere;white-space:pre-line}
.store-plugins h2{font-size:18px;margin:0 0 12px}
.store-plugins__list{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}
.plugin-slot{background:#fff;border:1px dashed #91caff;border-radius:10px;padding:16px}
.plugin-slot__name{display:block;font-weight:600;overflow-wrap:anywhere}
.plugin-slot__note{display:block;color:#666;font-size:13px}
.store-footer{background:#fff;border-top:1px solid #e8e8e8;font-size:13px;color:#595959}
.store-footer__inner{display:flex;flex-wrap:wrap;gap:8px 20px;padding-top:16px;padding-bottom:16px;justify-content:center;text-align:center}
.store-footer a{color:#595959;text-decoration:underline}
.store-notice{flex:1;display:flex;align-items:center;justify-content:center;padding:40px 20px}
.store-notice__card{background:#fff;border-radius:12px;padding:40px 32px;max-width:520px;width:100%;text-align:center}
.store-notice__card h1{font-size:24px;margin:0 0 8px;overflow-wrap:anywhere}
.store-notice__card h2{font-size:18px;margin:0 0 12px;color:#595959;font-weight:500}
.store-notice__card p{margin:0;color:#595959}
.store-notice__card .store-notice__back{margin-top:20px}
.store-notice__back a{display:inline-block;padding:8px 20px;border-radius:8px;background:#0958d9;color:#fff;text-decoration:none}
.store-notice__card .store-notice__other{margin-top:16px;padding-top:16px;border-top:1px solid #f0f0f0;font-size:13px;color:#666}
@media (max-width:600px){.store-header__inner{padding-top:10px;padding-bottom:10px}` +
  `.store-nav{margin-left:0;width:100%;gap:16px}.store-hero{padding:28px 20px}.store-hero h2{font-size:22px}}
`;

function documentOf(options: { lang: Lang; title: string; head?: string; body: string }) {
  return `<!doctype html>
<html lang="${options.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
${options.head ?? ''}<style>${STYLE}</style>
</head>
<body>
${options.body}
</body>
</html>
`;
}

/** The store's front page: its basic config in the head, header and footer, and a slot for each enabled plugin. */
export function renderStorefront(options: {
  lang: Lang;
  shopName: string;
  config: TStoreSiteConfigFields;
  plugins: readonly StorefrontPlugin[];
}): string {
  const { lang, config, plugins } = options;
  const text = TEXT[lang];
  const siteName = config.site_name.trim() || options.shopName;
  const description = config.description.trim();
  const keywords = config.keywords.trim();
  const phone = config.service_phone.trim();
  const record = config.record_number.trim();
  const copyright = config.copyright.trim() || `© ${siteName}`;

  const head = [
    keywords ? `<meta name="keywords" content="${escapeHtml(keywords)}">` : '',
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    config.ico ? `<link rel="icon" href="${escapeHtml(config.ico)}">` : '',
    `<meta name="parlour-plugins" content="${escapeHtml(plugins.map((plugin) => plugin.code).join(','))}">`,
    // Each plugin's script placeholder: where the store runtime loads it (a data block: never run).
    ...plugins.map(
      (plugin) =>
        `<script type="application/json" data-parlour-plugin="${escapeHtml(plugin.code)}">` +
        scriptJson({ code: plugin.code, version: plugin.version, slot: `parlour-plugin-${plugin.code}` }) +
        '</script>',
    ),
  ]
    .filter(Boolean)
    .map((line) => `${line}\n`)
    .join('');

  const logo = config.logo
    ? `<img class="store-logo" src="${escapeHtml(config.logo)}" alt="${escapeHtml(siteName)}">`
    : `<span class="store-logo store-logo--empty" aria-hidden="true">${escapeHtml(Array.from(siteName)[0] ?? '')}</span>`;
  const pluginSection = plugins.length
    ? `<section class="store-plugins" aria-labelledby="store-plugins-title">
<h2 id="store-plugins-title">${escapeHtml(text.pluginsTitle)}</h2>
<div class="store-plugins__list">
${plugins
  .map(
    (plugin) =>
      `<div class="plugin-slot" id="parlour-plugin-${escapeHtml(plugin.code)}" ` +
      `data-parlour-plugin="${escapeHtml(plugin.code)}">` +
      `<span class="plugin-slot__name">${escapeHtml(plugin.name || plugin.code)}</span>` +
      `<span class="plugin-slot__note">${escapeHtml(text.pluginOn)} · ` +
      `${escapeHtml(plugin.code)} ${escapeHtml(plugin.version)}</span></div>`,
  )
  .join('\n')}
</div>
</section>`
    : '';
  const footer = [
    `<span class="store-copyright">${escapeHtml(copyright)}</span>`,
    record
      ? `<a class="store-record" href="${RECORD_SITE}" target="_blank" rel="noopener noreferrer">${escapeHtml(record)}</a>`
      : '',
    phone
      ? `<span class="store-phone">${escapeHtml(text.servicePhone)}<a href="tel:${escapeHtml(phone.replace(/[^0-9+]/g, ''))}">${escapeHtml(phone)}</a></span>`
      : '',
    `<span>${escapeHtml(text.poweredBy)}</span>`,
  ].filter(Boolean);

  const body = `<header class="store-header"><div class="store-header__inner">
${logo}
<h1 class="store-name">${escapeHtml(siteName)}</h1>
<nav class="store-nav" aria-label="${escapeHtml(siteName)}"><a href="/" aria-current="page">${escapeHtml(text.home)}</a></nav>
</div></header>
<main class="store-main">
<section class="store-hero">
<h2>${escapeHtml(text.welcome(siteName))}</h2>
${description ? `<p>${escapeHtml(description)}</p>` : ''}
</section>
${pluginSection}
</main>
<footer class="store-footer"><div class="store-footer__inner">
${footer.join('\n')}
</div></footer>`;
  return documentOf({ lang, title: siteName, head, body });
}

/** Why a store host answers a short page instead of the front page. */
export type StoreNotice = 'disabled' | 'term_ended' | 'coming_soon' | 'unknown' | 'method' | 'not_found';

/**
 * A short page: the store's name (when there is a store) and what the visitor should know, in their
 * language and then the other. A page the store does not have (`not_found`) also links back to the
 * store's front page and keeps the store's icon.
 */
export function renderStoreNotice(options: {
  lang: Lang;
  notice: StoreNotice;
  storeName?: string;
  icon?: string;
}): string {
  const other: Lang = options.lang === 'zh-CN' ? 'en-US' : 'zh-CN';
  const textsOf = (lang: Lang) => {
    const text = TEXT[lang];
    return {
      disabled: [text.closedTitle, text.disabled],
      term_ended: [text.closedTitle, text.termEnded],
      coming_soon: [text.soonTitle, text.soon],
      unknown: [text.unknownTitle, text.unknown],
      method: [text.methodTitle, text.method],
      not_found: [text.notFoundTitle, text.notFound],
    }[options.notice];
  };
  const [title, message] = textsOf(options.lang);
  const [otherTitle, otherMessage] = textsOf(other);
  const name = options.storeName?.trim();
  const back =
    options.notice === 'not_found'
      ? `\n<p class="store-notice__back"><a href="/">${escapeHtml(TEXT[options.lang].backToFront)}</a></p>`
      : '';
  const body = `<main class="store-notice"><div class="store-notice__card" data-store-notice="${options.notice}">
${name ? `<h1>${escapeHtml(name)}</h1>\n<h2>${escapeHtml(title)}</h2>` : `<h1>${escapeHtml(title)}</h1>`}
<p>${escapeHtml(message)}</p>${back}
<p class="store-notice__other" lang="${other}">${escapeHtml(otherTitle)} · ${escapeHtml(otherMessage)}</p>
</div></main>`;
  const head = options.icon ? `<link rel="icon" href="${escapeHtml(options.icon)}">\n` : '';
  return documentOf({ lang: options.lang, title: name ? `${name} · ${title}` : title, head, body });
}
