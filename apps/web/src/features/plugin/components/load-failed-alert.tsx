import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A query of the plugin screens that failed to load, with a retry button. */
export function LoadFailedAlert({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
          {t('plugin.retry')}
        </Button>
      }
    />
  );
}
