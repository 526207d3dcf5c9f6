/**
 * The styles of the plugins' storefront features (issue 24 §5), inline after the storefront's own: the
 * floating contact button and its panel (a `<details>`, no script), the converter, the estimator, the
 * guide's rich text. Colours meet WCAG AA on their backgrounds.
 */
export const PLUGIN_STYLE =
  `
.store-contact{position:fixed;right:20px;bottom:20px;z-index:10;max-width:calc(100vw - 40px)}
.store-contact__button{list-style:none;display:flex;align-items:center;gap:8px;padding:12px 18px;border-radius:999px;` +
  `background:#0958d9;color:#fff;font-weight:600;cursor:pointer;box-shadow:0 6px 16px rgba(0,0,0,.18);margin-left:auto;width:max-content}
.store-contact__button::-webkit-details-marker{display:none}
.store-contact__button:focus-visible{outline:2px solid #003eb3;outline-offset:3px}
.store-contact__icon{font-size:18px;line-height:1}
.store-contact[open] .store-contact__button{background:#003eb3}
.store-contact__panel{position:absolute;right:0;bottom:calc(100% + 10px);width:300px;max-width:calc(100vw - 40px);background:#fff;` +
  `border-radius:12px;padding:16px;box-shadow:0 10px 28px rgba(0,0,0,.2)}
.store-contact__title{font-weight:600;font-size:16px;margin:0 0 4px}
.store-contact__list{list-style:none;margin:12px 0 0;padding:0;display:flex;flex-direction:column;gap:8px}
.store-contact__list a{display:flex;flex-direction:column;padding:8px 12px;border:1px solid #d9d9d9;border-radius:8px;` +
  `text-decoration:none;color:#1f1f1f}
.store-contact__list a:hover{border-color:#0958d9}
.store-contact__label{font-weight:600;color:#0958d9}
.store-contact__value{font-size:13px;color:#595959;overflow-wrap:anywhere}
.store-plugin-panels{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:24px;margin-top:24px}
.store-plugin-panels .store-section{margin-bottom:0}
.store-button{display:inline-block;padding:8px 18px;border-radius:8px;background:#0958d9;color:#fff;text-decoration:none}
.store-button:hover{background:#003eb3}
.store-converter__form,.store-shipping__form{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:flex-end;margin:8px 0 12px}
.store-converter__form label{font-size:14px;color:#595959}
.store-converter__form input,.store-converter__form select,.store-shipping__form input,.store-shipping__form select{` +
  `font:inherit;padding:7px 10px;border:1px solid #8c8c8c;border-radius:8px;background:#fff;color:#1f1f1f;min-width:0}
.store-converter__form input{width:140px}
.store-converter__form button,.store-shipping__form button{font:inherit;padding:8px 20px;border:0;border-radius:8px;` +
  `background:#0958d9;color:#fff;cursor:pointer}
.store-converter__result ul{list-style:none;padding:0;margin:4px 0 12px;display:flex;flex-wrap:wrap;gap:8px 20px;font-size:18px}
.store-field{display:flex;flex-direction:column;gap:4px;min-width:0}
.store-field label,.store-field legend{font-size:14px;color:#595959}
.store-shipping__form select{min-width:220px}
.store-shipping__form input[name=weight]{width:140px}
.store-shipping__dimensions{border:0;padding:0;margin:0;min-width:0}
.store-shipping__sides{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
.store-shipping__dimensions legend{padding:0;margin-bottom:4px}
.store-shipping__dimensions label{display:flex;flex-direction:column;font-size:13px;color:#595959}
.store-shipping__dimensions input{width:84px}
.store-field-error{color:#cf1322;margin:4px 0;font-size:14px;flex-basis:100%}
.store-shipping__result{background:#fff7f0;border-radius:8px;padding:12px 16px;margin:12px 0}
.store-shipping__result h2{font-size:16px;margin:0 0 4px}
.store-shipping__total .store-price{font-size:26px}
.store-shipping__result ul{margin:8px 0 0;padding-left:20px;font-size:14px}
.store-table-scroll{overflow-x:auto}
.store-table{border-collapse:collapse;width:100%;font-size:14px}
.store-table th,.store-table td{border-bottom:1px solid #f0f0f0;padding:8px 10px;text-align:left;vertical-align:top}
.store-table thead th{color:#595959;font-weight:500;white-space:nowrap}
body:has(.store-contact) .store-footer{padding-bottom:72px}
.store-guide__content{overflow-wrap:anywhere}
.store-guide__content table{border-collapse:collapse}
.store-guide__content th,.store-guide__content td{border:1px solid #d9d9d9;padding:6px 10px}
.store-guide__content blockquote{margin:0;padding:4px 16px;border-left:4px solid #d9d9d9;color:#595959}
@media (max-width:600px){.store-contact{right:12px;bottom:12px}.store-contact__button{padding:10px 14px}` +
  `.store-shipping__form select,.store-shipping__form input[name=weight]{width:100%}.store-field{flex-basis:100%}}
`;
