import type { Lang } from '@parlour/contract/errors';
import { marketplaceItemUrl, type MarketplacePlatform } from '@parlour/contract/marketplace-link';
import type { ProductItem } from '../../../../providers/product-data/product-data-provider';
import { priceRange, readSelection, skuAxes, skuPicker, type SkuAxis } from '../item-skus';
import { formatCount, type Pricer } from '../storefront-money';
import { PLATFORM_NAMES, STOREFRONT_TEXT } from '../storefront-texts';
import { PluginPanels } from './plugin-widgets';
import { hrefOf, StoreDocument, type PageAddress, type StoreChrome } from './store-document';

/** The query parameter of the SKU axis at `index` (`s0`, `s1`, …) and of the picture shown (`img`). */
export const skuParam = (index: number) => `s${index}`;
export const IMAGE_PARAM = 'img';

/** The time the data was fetched, as buyers in any country read it: China time, to the minute. */
function chinaTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * `/item/<platform>/<item_id>`: pictures, title, price (range, or the chosen SKU's), the SKU axes as
 * links (values sold out with the other choices disabled), quantity, seller and location, when the
 * data was fetched and a link to the item on its marketplace. Works without script: every choice is a link.
 */
export function ItemPage(props: {
  lang: Lang;
  chrome: StoreChrome;
  address: PageAddress;
  platform: MarketplacePlatform;
  item: ProductItem;
  fetchedAt: Date;
  pricer: Pricer;
}) {
  const { lang, chrome, item, platform, address } = props;
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
  const low = pricer.show(price ?? range.min);
  const high = pricer.show(range.max);
  // One price once a SKU is chosen, else the range (one amount where both ends show the same after rounding).
  const span = (from: string, to: string) => (from === to ? from : `${from} – ${to}`);
  const shown =
    price !== undefined
      ? low
      : { text: span(low.text, high.text), cny: low.cny && high.cny ? span(low.cny, high.cny) : null };
  const stock = picker.chosen ? picker.chosen.stock : item.stock;
  const marketplaceUrl = item.url || marketplaceItemUrl(platform, item.item_id);
  const platformName = PLATFORM_NAMES[lang][platform];
  const missing = axes.filter((_, index) => selection[index] === undefined).map((axis: SkuAxis) => axis.name);
  const mainImage = item.images[imageIndex];
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
                    aria-current={index === imageIndex ? 'true' : undefined}
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
            {price === undefined && item.original_price > range.max ? (
              <span className="store-item__original">
                {text.itemOriginalPrice} {pricer.show(item.original_price).text}
              </span>
            ) : null}
            {shown.cny ? (
              <span className="store-price__cny" data-price-cny>
                ≈ {shown.cny}
              </span>
            ) : null}
          </div>
          {axes.map((axis, index) => (
            <fieldset className="store-axis" key={axis.name}>
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
          <p className="store-muted" data-sku-status>
            {picker.chosen
              ? `${text.itemChosenSku}: ${picker.chosen.props_text} · ${
                  picker.chosen.stock > 0 ? text.itemStock(formatCount(picker.chosen.stock, lang)) : text.itemOutOfStock
                }`
              : missing.length
                ? text.itemChooseSku(missing.join(lang === 'zh-CN' ? '、' : ', '))
                : stock > 0
                  ? text.itemStock(formatCount(stock, lang))
                  : text.itemOutOfStock}
          </p>
          <div className="store-item__quantity">
            <label htmlFor="quantity">{text.itemQuantity}</label>
            <input
              id="quantity"
              name="quantity"
              type="number"
              min={1}
              max={Math.max(1, stock)}
              defaultValue={1}
              inputMode="numeric"
            />
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
          <p className="store-muted">{text.itemDataAsOf(chinaTime(props.fetchedAt))}</p>
          <p>
            <a href={marketplaceUrl} target="_blank" rel="noopener noreferrer nofollow">
              {text.itemViewOn(platformName)}
            </a>
          </p>
        </section>
      </article>
      <PluginPanels lang={lang} features={chrome.plugins} itemPath={itemPath} />
    </StoreDocument>
  );
}
