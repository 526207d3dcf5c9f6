import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** What is being built next, named as coming: the public pages promise nothing a store cannot do today. */
const COMING = ['storefront', 'orders', 'storeAdmin'] as const;

/** "Coming next": the storefront, buyers and orders, and the store admin, on the home and pricing pages. */
export function ComingNext({ className = 'site-section' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <section className={className} aria-labelledby="coming-title">
      <div className="site-section__head">
        <h2 id="coming-title">{t('publicSite.coming.title')}</h2>
        <p>{t('publicSite.coming.subtitle')}</p>
      </div>
      <ul className="check-list check-list--grid coming-list">
        {COMING.map((item) => (
          <li key={item}>
            <ClockCircleOutlined aria-hidden /> {t(`publicSite.coming.${item}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
