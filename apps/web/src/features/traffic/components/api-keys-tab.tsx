import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder until the Open API lands; replaced, not extended. */
export function ApiKeysTab() {
  const { t } = useTranslation();
  return <Result status="info" title={t('notAvailable.title')} subTitle={t('notAvailable.subtitle')} />;
}
