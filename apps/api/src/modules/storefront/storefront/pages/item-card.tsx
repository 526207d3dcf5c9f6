import type { ReactNode } from 'react';
import type { ShownPrice } from '../storefront-money';
import { httpsImage } from '../marketplace-images';

/** The path of an item's page on the store. */
export const itemPath = (platform: string, itemId: string) => `/item/${platform}/${encodeURIComponent(itemId)}`;

/** One item in a grid (search results, the merchant's picks): picture, title, price, a line of facts; links to its page. */
export function ItemCard(props: {
  href: string;
  image: string;
  title: string;
  price: ShownPrice | undefined;
  /** Shown under the price: the CNY beside a converted price, or sales and seller. */
  meta?: ReactNode;
}) {
  return (
    <article className="store-card">
      <a href={props.href}>
        <img src={httpsImage(props.image)} alt="" loading="lazy" width={400} height={400} />
        <div className="store-card__body">
          <h2 className="store-card__title">{props.title}</h2>
          <span className="store-price store-card__price">{props.price?.text}</span>
          {props.meta ? <span className="store-card__meta">{props.meta}</span> : null}
        </div>
      </a>
    </article>
  );
}
