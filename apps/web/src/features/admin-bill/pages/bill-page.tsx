import { useTranslation } from 'react-i18next';
import { TabbedPage } from '@/components/tabbed-page';
import { BillsTab } from '../components/bills-tab';
import { IncomeTab } from '../components/income-tab';

/** /admin/bill: every merchant's bills, and the platform's income with its charts (`?tab=income`). */
export default function BillPage() {
  const { t } = useTranslation();

  return (
    <TabbedPage
      isAdmin
      items={[
        { key: 'bills', label: t('adminBill.tab.bills'), children: <BillsTab /> },
        { key: 'income', label: t('adminBill.tab.income'), children: <IncomeTab /> },
      ]}
    />
  );
}
