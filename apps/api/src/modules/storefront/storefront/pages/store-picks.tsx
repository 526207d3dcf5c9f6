import type { TStorePick } from '@parlour/contract/calls/store-picks';
import type { Lang } from '@parlour/contract/errors';
import type { Pricer } from '../storefront-money';
import { PLATFORM_NAMES, STOREFRONT_TEXT } from '../storefront-texts';
import { ItemCard, itemPath } from './item-card';

/**
 * The merchant's picks on the home page: the snapshot taken when each was pinned (no marketplace call),
 * priced by the store's rule with the CNY beside. A store without picks shows no section: the merchant's
 * how-to is the console's, not the buyers'.
 */
export function StorePicks(props: { lang: Lang; picks: readonly TStorePick[]; pricer: Pricer }) {
  const { lang, picks, pricer } = props;
  if (!picks.length) return null;
  const text = STOREFRONT_TEXT[lang];
  return (
    <section className="store-section" aria-labelledby="store-picks-title" data-store-picks>
      <h2 id="store-picks-title">{text.picksTitle}</h2>
      <ul className="store-grid">
        {picks.map((pick) => {
          // Priced as the item page prices it: with its China freight where the store adds it.
          const price = pricer.showRange(pick.price_min, pick.price_max, pick.china_freight);
          return (
            <li key={pick.id}>
              <ItemCard
                href={itemPath(pick.platform, pick.item_id)}
                image={pick.image}
                title={pick.title}
                price={price}
                meta={
                  <>
                    <span>{PLATFORM_NAMES[lang][pick.platform]}</span>
                    {price.cny ? <span>≈ {price.cny}</span> : null}
                  </>
                }
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
