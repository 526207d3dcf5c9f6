import { CheckOutlined } from '@ant-design/icons';
import { termPrice, type TStoreVersion } from '@parlour/contract/calls/store';
import type { TermType } from '@parlour/contract/constants';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button-link';
import { formatMoney } from '@/lib/money';
import { pricesOfType, yearlySaving } from './version-price';

/** One store version on the pricing page: price for the chosen term type, every term's price, features, trial and sign-up. */
export function VersionCard({
  version,
  termType,
  isFeatured,
  register,
}: {
  version: TStoreVersion;
  termType: TermType;
  isFeatured: boolean;
  register: { href: string; isExternal: boolean };
}) {
  const { t } = useTranslation();
  const headline = termPrice(version.prices, termType, 1);
  const saving = termType === 'year' ? yearlySaving(version) : 0;
  const terms = pricesOfType(version, termType).filter((price) => price.term !== 1);

  return (
    <article
      className={`version-card${isFeatured ? ' version-card--featured' : ''}`}
      aria-labelledby={`version-${version.id}`}
    >
      <header className="version-card__head">
        <h3 id={`version-${version.id}`}>{version.name}</h3>
        {isFeatured ? <Tag color="orange">{t('publicSite.pricing.popular')}</Tag> : null}
      </header>
      {version.description ? <p className="version-card__description">{version.description}</p> : null}
      <div className="version-card__price">
        {headline === undefined ? (
          <span className="version-card__amount">{t('publicSite.pricing.contactUs')}</span>
        ) : (
          <>
            <span className="version-card__amount">{formatMoney(headline, version.currency)}</span>
            <span className="version-card__per">
              {t(termType === 'month' ? 'publicSite.pricing.perMonth' : 'publicSite.pricing.perYear')}
            </span>
          </>
        )}
      </div>
      <div className="version-card__badges">
        {version.trial_days > 0 ? (
          <Tag color="green">{t('publicSite.pricing.trial', { count: version.trial_days })}</Tag>
        ) : (
          <Tag>{t('publicSite.pricing.noTrial')}</Tag>
        )}
        {saving > 0 ? <Tag color="volcano">{t('publicSite.pricing.save', { percent: saving })}</Tag> : null}
      </div>
      <ButtonLink
        type={isFeatured ? 'primary' : 'default'}
        size="large"
        block
        to={register.href}
        isExternal={register.isExternal}
      >
        {version.trial_days > 0 ? t('publicSite.pricing.startTrial') : t('publicSite.pricing.getStarted')}
      </ButtonLink>
      {terms.length > 0 ? (
        <dl className="version-card__terms" aria-label={t('publicSite.pricing.otherTerms')}>
          {terms.map((price) => (
            <div key={price.term}>
              <dt>
                {t(termType === 'month' ? 'publicSite.pricing.months' : 'publicSite.pricing.years', {
                  count: price.term,
                })}
              </dt>
              <dd>{formatMoney(price.amount, version.currency)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {version.features.length > 0 ? (
        <ul className="check-list version-card__features">
          {version.features.map((feature) => (
            <li key={feature}>
              <CheckOutlined aria-hidden /> {feature}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
