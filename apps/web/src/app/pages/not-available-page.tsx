import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';

/** Stand-in for the console pages later issues build: the header with the route's title, and a plain notice. */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader />
      <div className="page-body">
        <div className="page-card">
          <Result status="info" title={t('notAvailable.title')} subTitle={t('notAvailable.subtitle')} />
        </div>
      </div>
    </>
  );
}
