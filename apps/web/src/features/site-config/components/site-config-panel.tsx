import type { Role } from '@parlour/contract/constants';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../api/get-site-config';
import { SiteConfigForm } from './site-config-form';

/** The chosen store's config, loaded, then its form. */
export function SiteConfigPanel({ role, shopId }: { role: Role; shopId: string }) {
  const { t } = useTranslation();
  const config = useSiteConfig(role, shopId);
  if (config.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (config.isError) {
    return (
      <Result
        status="warning"
        title={t('siteConfig.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void config.refetch()}>
            {t('siteConfig.retry')}
          </Button>
        }
      />
    );
  }
  return <SiteConfigForm role={role} config={config.data} />;
}
