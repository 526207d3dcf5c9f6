import type { ApiCallStatus } from '@parlour/contract/calls/traffic-report';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ApiCallStatus, string> = {
  pending: 'processing',
  success: 'success',
  failed_upstream: 'error',
  quota_exhausted: 'warning',
  rejected: 'default',
};

/** How an Open API call ended, as a coloured tag. */
export function CallStatusTag({ status }: { status: ApiCallStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`trafficReport.status.${status}`)}</Tag>;
}
