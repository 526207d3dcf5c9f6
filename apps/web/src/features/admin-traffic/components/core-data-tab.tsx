import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder until core data lands; replaced, not extended. */
export function CoreDataTab() {
  const { t } = useTranslation();
  return <Result status="info" title={t('notAvailable.title')} subTitle={t('notAvailable.subtitle')} />;
}
