/**
 * The storefront's one stylesheet, inline in every page (no request before the first paint; the CSP
 * allows inline styles). Colours meet WCAG AA on their backgrounds.
 */
export const STOREFRONT_STYLE =
  `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;` +
  `background:#f5f6f8;line-height:1.6;display:flex;flex-direction:column;min-height:100vh}
a{color:#0958d9}
[hidden]{display:none!important}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:2px solid #0958d9;outline-offset:2px}
.store-header{background:#fff;border-bottom:1px solid #e8e8e8}
.store-header__inner,.store-main,.store-footer__inner{max-width:1200px;margin:0 auto;padding:0 20px}
.store-header__inner{display:flex;align-items:center;gap:12px;min-height:64px;flex-wrap:wrap}
.store-brand{display:flex;align-items:center;gap:12px;color:inherit;text-decoration:none;min-width:0}
.store-logo{height:40px;max-width:160px;object-fit:contain}
.store-logo--empty{display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;` +
  `border-radius:8px;background:#0958d9;color:#fff;font-weight:600;font-size:20px}
.store-name{font-size:20px;font-weight:600;margin:0;overflow-wrap:anywhere}
.store-header__search{flex:1;min-width:240px;max-width:520px}
.store-nav{margin-left:auto;display:flex;gap:20px;font-size:15px;align-items:center}
.store-nav a{color:#1f1f1f;text-decoration:none}
.store-nav a:hover{text-decoration:underline}
.store-currencies{display:flex;gap:4px;font-size:13px;align-items:center}
.store-currencies select,.store-currencies button{font:inherit;padding:3px 6px;border:1px solid #8c8c8c;border-radius:6px;background:#fff;color:#1f1f1f}
.store-currencies button{cursor:pointer}
.store-price__cny{display:block;color:#595959;font-size:13px;margin-top:2px}
.store-main{flex:1;width:100%;padding-top:32px;padding-bottom:40px}
.store-hero{background:#fff;border-radius:12px;padding:40px 32px;margin-bottom:24px}
.store-hero h2{margin:0 0 12px;font-size:28px;overflow-wrap:anywhere}
.store-hero p{margin:0;color:#595959;font-size:16px;overflow-wrap:anywhere;white-space:pre-line}
.store-hero .store-search{margin-top:24px}
.store-search{display:flex;gap:8px;width:100%}
.store-search input{flex:1;min-width:0;font:inherit;padding:9px 12px;border:1px solid #8c8c8c;border-radius:8px;background:#fff;color:#1f1f1f}
.store-search button{font:inherit;padding:9px 20px;border:0;border-radius:8px;background:#0958d9;color:#fff;cursor:pointer;white-space:nowrap}
.store-search button:hover{background:#003eb3}
.store-search__hint{margin:8px 0 0;color:#595959;font-size:13px}
.store-section{background:#fff;border-radius:12px;padding:24px;margin-bottom:24px}
.store-section h2{font-size:18px;margin:0 0 12px}
.store-platforms{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:0;padding:0}
.store-platforms li{border:1px solid #d9d9d9;border-radius:999px;padding:4px 14px;font-size:14px}
.store-plugins h2{font-size:18px;margin:0 0 12px}
.store-plugins__list{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px}
.plugin-slot{background:#fff;border:1px dashed #91caff;border-radius:10px;padding:16px}
.plugin-slot__name{display:block;font-weight:600;overflow-wrap:anywhere}
.plugin-slot__note{display:block;color:#595959;font-size:13px}
.store-page-title{font-size:22px;margin:0 0 4px;overflow-wrap:anywhere}
.store-muted{color:#595959;font-size:14px;margin:0}
.store-stale{background:#fffbe6;border:1px solid #ffe58f;border-radius:8px;padding:8px 12px;font-size:14px;margin:0}
.store-tabs{display:flex;flex-wrap:wrap;gap:4px;margin:16px 0;border-bottom:1px solid #e8e8e8}
.store-tabs a{padding:8px 14px;color:#1f1f1f;text-decoration:none;border-bottom:2px solid transparent;margin-bottom:-1px}
.store-tabs a[aria-current="page"]{border-bottom-color:#0958d9;color:#0958d9;font-weight:600}
.store-sorts{border-bottom:none;margin-top:0;align-items:center;font-size:14px}
.store-sorts__label{color:#595959;margin-right:4px}
.store-sorts a{padding:4px 10px;border:1px solid #d9d9d9;border-radius:16px;margin:0}
.store-sorts a[aria-current="page"]{border-color:#0958d9;background:#e6f4ff}
.store-item__freight{margin:4px 0 0;font-size:13px}
.store-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px;list-style:none;margin:0;padding:0}
.store-card{background:#fff;border-radius:10px;overflow:hidden;display:flex;flex-direction:column;height:100%}
.store-card a{color:inherit;text-decoration:none;display:flex;flex-direction:column;height:100%}
.store-card a:hover .store-card__title{text-decoration:underline}
.store-card img{width:100%;height:auto;aspect-ratio:1;object-fit:cover;background:#f0f0f0;display:block}
.store-card__body{padding:10px 12px 12px;display:flex;flex-direction:column;gap:4px;flex:1}
.store-card__title{font-size:14px;line-height:1.45;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;margin:0}
.store-price{color:#cf1322;font-weight:600}
.store-card__price{font-size:18px}
.store-card__meta{display:flex;justify-content:space-between;gap:8px;color:#595959;font-size:12px;margin-top:auto}
.store-card__meta span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.store-pager{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:12px;margin-top:24px}
.store-pager a,.store-pager span[aria-disabled]{padding:6px 14px;border:1px solid #d9d9d9;border-radius:8px;background:#fff;text-decoration:none;color:#1f1f1f}
.store-pager span[aria-disabled]{color:#8c8c8c}
.store-item{display:grid;grid-template-columns:minmax(0,440px) minmax(0,1fr);gap:32px;background:#fff;border-radius:12px;padding:24px}
.store-gallery__main{width:100%;height:auto;aspect-ratio:1;object-fit:cover;border-radius:8px;background:#f0f0f0;display:block}
.store-gallery__thumbs{display:flex;gap:8px;margin:8px 0 0;padding:0;list-style:none;flex-wrap:wrap}
.store-gallery__thumbs a{display:block;border:2px solid transparent;border-radius:6px}
.store-gallery__thumbs a[aria-current="true"]{border-color:#0958d9}
.store-gallery__thumbs img{width:64px;height:64px;object-fit:cover;border-radius:4px;display:block}
.store-item h1{font-size:22px;line-height:1.4;margin:0 0 12px;overflow-wrap:anywhere}
.store-item__price{background:#fff7f0;border-radius:8px;padding:12px 16px;margin-bottom:16px}
.store-item__price .store-price{font-size:28px}
.store-item__original{color:#595959;text-decoration:line-through;margin-left:12px}
.store-axis{border:0;margin:0 0 16px;padding:0}
.store-axis legend{font-weight:600;margin-bottom:8px;padding:0}
.store-axis__values{display:flex;flex-wrap:wrap;gap:8px}
.store-axis__values a,.store-axis__values span,.store-axis__values button{font:inherit;padding:6px 14px;
border:1px solid #d9d9d9;border-radius:8px;text-decoration:none;color:#1f1f1f;background:#fff}
.store-axis__values button{cursor:pointer;line-height:inherit}
.store-axis__values a[aria-current="true"],.store-axis__values button[aria-pressed="true"]{
border-color:#0958d9;color:#0958d9;font-weight:600;background:#f0f5ff}
.store-axis__values span[aria-disabled],.store-axis__values button:disabled{color:#8c8c8c;border-style:dashed;text-decoration:line-through;cursor:not-allowed}
.store-item__facts{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:16px 0;font-size:14px}
.store-item__facts dt{color:#595959}
.store-item__facts dd{margin:0;overflow-wrap:anywhere}
.store-item__quantity{display:flex;align-items:center;gap:8px;margin-bottom:16px}
.store-item__quantity input{width:96px;font:inherit;padding:6px 10px;border:1px solid #8c8c8c;border-radius:8px}
.store-footer{background:#fff;border-top:1px solid #e8e8e8;font-size:13px;color:#595959}
.store-footer__inner{display:flex;flex-wrap:wrap;gap:8px 20px;padding-top:16px;padding-bottom:16px;justify-content:center;text-align:center}
.store-footer a{color:#595959;text-decoration:underline}
.store-notice{flex:1;display:flex;align-items:center;justify-content:center;padding:40px 20px}
.store-notice__card{background:#fff;border-radius:12px;padding:40px 32px;max-width:560px;width:100%;text-align:center}
.store-notice__card h1{font-size:24px;margin:0 0 8px;overflow-wrap:anywhere}
.store-notice__card h2{font-size:18px;margin:0 0 12px;color:#595959;font-weight:500}
.store-notice__card p{margin:0;color:#595959}
.store-notice__card .store-search{margin-top:20px}
.store-notice__card .store-notice__back{margin-top:20px}
.store-notice__back a{display:inline-block;padding:8px 20px;border-radius:8px;background:#0958d9;color:#fff;text-decoration:none}
.store-notice__card .store-notice__other{margin-top:16px;padding-top:16px;border-top:1px solid #f0f0f0;font-size:13px;color:#595959}
@media (max-width:760px){.store-item{grid-template-columns:1fr;padding:16px;gap:16px}.store-grid{grid-template-columns:repeat(2,minmax(0,1fr));gap:10px}}
@media (max-width:600px){.store-header__inner{padding-top:10px;padding-bottom:10px}` +
  `.store-nav{margin-left:0;gap:12px;flex-wrap:wrap}.store-header__search{order:3;min-width:100%}.store-hero{padding:28px 20px}.store-hero h2{font-size:22px}` +
  `.store-search button{padding:9px 14px}}
`;
