import type { Lang } from '@parlour/contract/errors';
import type { Pricer } from '../storefront-money';
import { STOREFRONT_TEXT } from '../storefront-texts';

/**
 * The item's domestic (China) shipping under its price, when the marketplace names it: free, included
 * in the price shown (the store adds it: buyer-price.ts), or to be added. Nothing when unknown.
 */
export function ChinaFreight(props: { lang: Lang; freight: number | null; pricer: Pricer }) {
  const { freight, pricer } = props;
  if (freight === null) return null;
  const text = STOREFRONT_TEXT[props.lang];
  const amount = pricer.showCny(freight);
  return (
    <p className="store-muted store-item__freight" data-china-freight={freight}>
      {freight === 0
        ? text.chinaFreightFree
        : pricer.addsChinaFreight
          ? text.chinaFreightIncluded(amount)
          : text.chinaFreightExtra(amount)}
    </p>
  );
}
