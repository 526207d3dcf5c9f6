import type { Lang } from '@parlour/contract/errors';
import { marketplaceItemUrl, type MarketplacePlatform } from '@parlour/contract/marketplace-link';
import { NAMES_SLOT, ITEM_DATA_ID, type ItemData } from '../client/item-data';
import { IMAGE_PARAM, readSelection, skuAxes, skuParam, skuPicker, type SkuAxis } from '../item-skus';
import {
  priceRange,
  type ProductItem,
  type ProductSku,
} from '../../../../providers/product-data/product-data-provider';
import { formatCount, type Pricer } from '../storefront-money';
import { PLATFORM_NAMES, STOREFRONT_TEXT } from '../storefront-texts';
import { httpsImage } from '../marketplace-images';
import { scriptJson } from '../script-json';
import { ChinaFreight } from './china-freight';
import { PluginPanels } from './plugin-widgets';
import { hrefOf, StoreDocument, type PageAddress, type StoreChrome } from './store-document';

/** China time to the minute, made once (making a formatter costs far more than using it). */
const CHINA_MINUTE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** The time the data was fetched, as buyers in any country read it: China time, to the minute. */
function chinaTime(at: Date): string {
  const parts = CHINA_MINUTE.formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * `/item/<platform>/<item_id>`: pictures, title, price (range, or the chosen SKU's), the SKU axes as
 * links (values sold out with the other choices disabled), quantity, seller and location, China
 * freight when the marketplace names it (in the price when the store adds it), when the data was
 * fetched and a link to the item on its marketplace. Works without script: every choice is a link.
 */
export function ItemPage(props: {
  lang: Lang;
  chrome: StoreChrome;
  address: PageAddress;
  platform: MarketplacePlatform;
  item: ProductItem;
  fetchedAt: Date;
  /** The marketplace failed and this is an older copy (the product-data cache's stale serve): said plainly. */
  isStale?: boolean;
  pricer: Pricer;
}) {
  const { lang, chrome, platform, address } = props;
  const item = {
    ...props.item,
    images: props.item.images.map(httpsImage),
    skus: props.item.skus.map((sku) => (sku.image ? { ...sku, image: httpsImage(sku.image) } : sku)),
  };
  const text = STOREFRONT_TEXT[lang];
  const axes = skuAxes(item.skus);
  const selection = readSelection(axes, (index) => address.search.get(skuParam(index)));
  const picker = skuPicker(item.skus, axes, selection);
  const range = priceRange(item);
  const imageIndex = Math.min(
    Math.max(0, Number(address.search.get(IMAGE_PARAM)) || 0),
    Math.max(0, item.images.length - 1),
  );
  const itemPath = `/item/${platform}/${encodeURIComponent(item.item_id)}`;
  const selectionParams = (values: (string | undefined)[]) =>
    Object.fromEntries(values.map((value, index) => [skuParam(index), value]));
  const linkWith = (values: (string | undefined)[], image = imageIndex) =>
    hrefOf(itemPath, { ...selectionParams(values), [IMAGE_PARAM]: image > 0 ? image : undefined });
  const price = picker.chosen ? picker.chosen.price : undefined;
  const { pricer } = props;
  // The seller's minimum order (1688); a copy cached before the field existed has none: 1.
  const minQuantity = Math.max(1, Math.floor(item.min_quantity || 1));
  const freight = item.china_freight;
  // One price once a SKU is chosen, else the range (one amount where both ends show the same after rounding).
  const rangeShown = pricer.showRange(range.min, range.max, freight);
  const shown = price !== undefined ? pricer.show(price, freight) : rangeShown;
  const stock = picker.chosen ? picker.chosen.stock : item.stock;
  const marketplaceUrl = item.url || marketplaceItemUrl(platform, item.item_id);
  const platformName = PLATFORM_NAMES[lang][platform];
  const missing = axes.filter((_, index) => selection[index] === undefined).map((axis: SkuAxis) => axis.name);
  // A chosen SKU's own picture, unless the buyer picked a thumbnail.
  const mainImage = (!address.search.has(IMAGE_PARAM) && picker.chosen?.image) || item.images[imageIndex];
  const nameSeparator = lang === 'zh-CN' ? '、' : ', ';
  const stockText = (count: number) => (count > 0 ? text.itemStock(formatCount(count, lang)) : text.itemOutOfStock);
  const skuStatus = (sku: ProductSku) => `${text.itemChosenSku}: ${sku.props_text} · ${stockText(sku.stock)}`;
  // What the client script shows as SKUs are chosen (client/sku-picker.ts), every text made here.
  const itemData: ItemData = {
    title: item.title,
    skus: item.skus.map((sku) => {
      const skuPrice = pricer.show(sku.price, freight);
      return { ...sku, price_text: skuPrice.text, cny_text: skuPrice.cny, status_text: skuStatus(sku) };
    }),
    range: {
      price_text: rangeShown.text,
      cny_text: rangeShown.cny,
      stock: item.stock,
      stock_text: stockText(item.stock),
    },
    choose_template: text.itemChooseSku(NAMES_SLOT),
    name_separator: nameSeparator,
    min_quantity: minQuantity,
  };
  const openGraph = (
    <>
      <meta property="og:type" content="product" />
      <meta property="og:title" content={item.title} />
      <meta property="og:site_name" content={chrome.siteName} />
      <meta property="og:url" content={`${address.origin}${itemPath}`} />
      {item.images[0] ? <meta property="og:image" content={item.images[0]} /> : null}
    </>
  );
  return (
    <StoreDocument
      lang={lang}
      title={`${item.title} · ${chrome.siteName}`}
      description={item.title}
      chrome={chrome}
      address={{ ...address, search: new URLSearchParams() }}
      head={openGraph}
      hasHeaderSearch
      pricer={props.pricer}
    >
      <article className="store-item" data-item={`${platform}:${item.item_id}`}>
        <section className="store-gallery" aria-label={text.itemGallery}>
          {mainImage ? (
            <img className="store-gallery__main" src={mainImage} alt={item.title} width={800} height={800} />
          ) : null}
          {item.images.length > 1 ? (
            <ul className="store-gallery__thumbs">
              {item.images.map((image, index) => (
                <li key={image}>
                  <a
                    href={linkWith(selection, index)}
                    aria-current={image === mainImage ? 'true' : undefined}
                    aria-label={text.itemImage(index + 1)}
                  >
                    <img src={image} alt="" loading="lazy" width={64} height={64} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section>
          <h1>{item.title}</h1>
          <div className="store-item__price">
            <span className="store-muted">{text.itemPrice} </span>
            <span className="store-price" data-price>
              {shown.text}
            </span>
            {item.original_price > range.max ? (
              <span className="store-item__original" hidden={price !== undefined}>
                {text.itemOriginalPrice} {pricer.show(item.original_price, freight).text}
              </span>
            ) : null}
            {rangeShown.cny ? (
              <span className="store-price__cny" data-price-cny>
                ≈ {shown.cny}
              </span>
            ) : null}
            <ChinaFreight lang={lang} freight={freight} pricer={pricer} />
          </div>
          {axes.map((axis, index) => (
            <fieldset className="store-axis" key={axis.name} data-sku-axis={index}>
              <legend>{axis.name}</legend>
              <div className="store-axis__values">
                {picker.choices[index].map((choice) =>
                  choice.isAvailable || choice.isSelected ? (
                    <a
                      key={choice.value}
                      href={linkWith(choice.next)}
                      aria-current={choice.isSelected ? 'true' : undefined}
                      rel="nofollow"
                    >
                      {choice.value}
                    </a>
                  ) : (
                    <span key={choice.value} aria-disabled="true">
                      {choice.value}
                      <span className="visually-hidden">{text.itemUnavailable}</span>
                    </span>
                  ),
                )}
              </div>
            </fieldset>
          ))}
          <p className="store-muted" data-sku-status aria-live="polite">
            {picker.chosen
              ? skuStatus(picker.chosen)
              : missing.length
                ? text.itemChooseSku(missing.join(nameSeparator))
                : stockText(stock)}
          </p>
          <div className="store-item__quantity">
            <label htmlFor="quantity">{text.itemQuantity}</label>
            <input
              id="quantity"
              name="quantity"
              type="number"
              min={minQuantity}
              max={Math.max(minQuantity, stock)}
              defaultValue={minQuantity}
              inputMode="numeric"
              aria-describedby={minQuantity > 1 ? 'quantity-minimum' : undefined}
            />
            {minQuantity > 1 ? (
              <span className="store-muted" id="quantity-minimum">
                {text.itemMinQuantity(formatCount(minQuantity, lang))}
              </span>
            ) : null}
          </div>
          <dl className="store-item__facts">
            <dt>{text.itemSeller}</dt>
            <dd>{item.seller.shop_name || item.seller.nick}</dd>
            {item.seller.location ? (
              <>
                <dt>{text.itemLocation}</dt>
                <dd>{item.seller.location}</dd>
              </>
            ) : null}
          </dl>
          {props.isStale ? (
            <p className="store-stale" role="status">
              {text.itemStale(chinaTime(props.fetchedAt))}
            </p>
          ) : (
            <p className="store-muted">{text.itemDataAsOf(chinaTime(props.fetchedAt))}</p>
          )}
          <p>
            <a href={marketplaceUrl} target="_blank" rel="noopener noreferrer nofollow">
              {text.itemViewOn(platformName)}
            </a>
          </p>
        </section>
      </article>
      {item.skus.length ? (
        <script type="application/json" id={ITEM_DATA_ID} dangerouslySetInnerHTML={{ __html: scriptJson(itemData) }} />
      ) : null}
      <PluginPanels lang={lang} features={chrome.plugins} itemPath={itemPath} />
    </StoreDocument>
  );
}
