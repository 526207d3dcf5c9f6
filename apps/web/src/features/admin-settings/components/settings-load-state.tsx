import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a settings query shows before its data: a skeleton while loading, a retry on failure. */
export function settingsLoadState(query: {
  isPending: boolean;
  isError: boolean;
  data?: unknown;
  refetch: () => unknown;
}): ReactNode | null {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError || !query.data) return <SettingsLoadFailed onRetry={() => void query.refetch()} />;
  return null;
}

function SettingsLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('adminSettings.loadFailed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('adminSettings.retry')}
        </Button>
      }
    />
  );
}
