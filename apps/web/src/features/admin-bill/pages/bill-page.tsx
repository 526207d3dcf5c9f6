import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { UrlTabs } from '@/components/url-tabs';
import { BillsTab } from '../components/bills-tab';
import { IncomeTab } from '../components/income-tab';

/** /admin/bill: every merchant's bills, and the platform's income with its charts (`?tab=income`). */
export default function BillPage() {
  const { t } = useTranslation();

  return (
    <>
      <PageHeader />
      <div className="page-body admin-page">
        <section className="page-card">
          <UrlTabs
            items={[
              { key: 'bills', label: t('adminBill.tab.bills'), children: <BillsTab /> },
              { key: 'income', label: t('adminBill.tab.income'), children: <IncomeTab /> },
            ]}
          />
        </section>
      </div>
    </>
  );
}
