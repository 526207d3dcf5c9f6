import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useOperationsOverview } from '../api/operations-overview';
import { AuditLogSection } from '../components/audit-log-section';
import { JobsSection } from '../components/jobs-section';
import { ProductCacheSummary } from '../components/product-cache-summary';
import { ProvidersSection } from '../components/providers-section';

/** /admin/operations (hidden, linked from the dashboard): the audit log, the background jobs, the providers' last errors, the product-data cache today. */
export default function OperationsPage() {
  const { t } = useTranslation();
  const overview = useOperationsOverview();
  return (
    <>
      <PageHeader />
      <div className="page-body admin-page" aria-label={t('route.admin.operations')}>
        <AuditLogSection operators={overview.data?.operators ?? []} />
        <JobsSection overview={overview.data} />
        <ProvidersSection providers={overview.data?.providers ?? []} />
        <ProductCacheSummary />
      </div>
    </>
  );
}
