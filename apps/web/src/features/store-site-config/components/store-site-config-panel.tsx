import type { Role } from '@parlour/contract/constants';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStoreSiteConfig } from '../api/get-store-site-config';
import { StoreSiteConfigForm } from './store-site-config-form';

/** The chosen store's config, loaded, then its form. */
export function StoreSiteConfigPanel({ role, shopId }: { role: Role; shopId: string }) {
  const { t } = useTranslation();
  const config = useStoreSiteConfig(role, shopId);
  if (config.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (config.isError) {
    return (
      <Result
        status="warning"
        title={t('storeSiteConfig.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void config.refetch()}>
            {t('storeSiteConfig.retry')}
          </Button>
        }
      />
    );
  }
  return <StoreSiteConfigForm role={role} config={config.data} />;
}
