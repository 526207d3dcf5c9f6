import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { percent } from '@/components/traffic-labels';
import { useProductCacheToday } from '../api/product-cache-today';

/**
 * Today's product-data cache at a glance: hit rate, hits, stale serves (the vendor failing while
 * stores kept answering) and vendor calls; the per-API figures and purging are on the traffic page.
 */
export function ProductCacheSummary() {
  const { t } = useTranslation();
  const today = useProductCacheToday();
  const total = today.data?.total;
  return (
    <section className="page-card" aria-label={t('productCache.title')}>
      <Typography.Title level={5}>{t('productCache.title')}</Typography.Title>
      {total ? (
        <Typography.Paragraph style={{ marginBottom: 8 }}>
          {t('productCache.summary', {
            rate: percent(total.hit_rate),
            hits: total.hits,
            stale: total.stale,
            misses: total.misses,
          })}
        </Typography.Paragraph>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      )}
      <Link to="/admin/traffic?tab=statistics#product-cache">{t('productCache.details')}</Link>
    </section>
  );
}
