import type { ApiCallCacheState, ApiCallStatus } from '@parlour/contract/calls/traffic-report';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ApiCallStatus, string> = {
  pending: 'processing',
  success: 'success',
  failed_upstream: 'error',
  quota_exhausted: 'warning',
  rejected: 'default',
};

/**
 * How an Open API call ended, as a coloured tag; beside it, where the answer came from when it was not
 * the vendor (a fresh copy of the product-data cache, or a stale one served when the vendor failed).
 */
export function CallStatusTag({ status, cacheState }: { status: ApiCallStatus; cacheState?: ApiCallCacheState }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={COLORS[status]}>{t(`trafficReport.status.${status}`)}</Tag>
      {cacheState && cacheState !== 'live' ? (
        <Tag color={cacheState === 'stale' ? 'gold' : 'blue'}>{t(`trafficReport.cacheState.${cacheState}`)}</Tag>
      ) : null}
    </>
  );
}
