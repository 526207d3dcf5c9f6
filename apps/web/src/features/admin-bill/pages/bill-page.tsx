import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { BillsTab } from '../components/bills-tab';
import { IncomeTab } from '../components/income-tab';

type BillTab = 'bills' | 'income';

/** /admin/bill: every merchant's bills, and the platform's income with its charts (`?tab=income`). */
export default function BillPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: BillTab = searchParams.get('tab') === 'income' ? 'income' : 'bills';

  return (
    <>
      <PageHeader />
      <div className="page-body admin-page">
        <section className="page-card">
          <Tabs
            activeKey={tab}
            // The link to a tab is shareable; switching tabs replaces the entry rather than piling up history.
            onChange={(key) => setSearchParams(key === 'income' ? { tab: 'income' } : {}, { replace: true })}
            destroyOnHidden
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
