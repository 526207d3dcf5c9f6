import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStorePricing } from '../api/get-store-pricing';
import { StorePricingForm } from './store-pricing-form';

/** The chosen store's pricing, loaded, then its form (the store settings' "Pricing" tab). */
export function StorePricingPanel({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const pricing = useStorePricing(shopId);
  if (pricing.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (pricing.isError) {
    return (
      <Result
        status="warning"
        title={t('storePricing.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void pricing.refetch()}>
            {t('storePricing.retry')}
          </Button>
        }
      />
    );
  }
  return <StorePricingForm pricing={pricing.data} />;
}
