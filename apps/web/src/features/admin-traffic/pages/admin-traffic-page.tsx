import { useTranslation } from 'react-i18next';
import { TabbedPage } from '@/components/tabbed-page';
import { AdminTrafficDashboardTab } from '../components/admin-traffic-dashboard-tab';
import { PlansTab } from '../components/plans-tab';
import { PurchasedPackagesTab } from '../components/purchased-packages-tab';
import { CoreDataTab } from '../components/core-data-tab';
import { AdminStatisticsTab } from '../components/admin-statistics-tab';
import { AdminLogsTab } from '../components/admin-logs-tab';

/** /admin/traffic: platform traffic dashboard, package plans, core data (provider, data sources, API catalogue), statistics and logs. */
export default function AdminTrafficPage() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      items={[
        { key: 'dashboard', label: t('adminTraffic.tab.dashboard'), children: <AdminTrafficDashboardTab /> },
        { key: 'plans', label: t('adminTraffic.tab.plans'), children: <PlansTab /> },
        { key: 'packages', label: t('trafficPackage.admin.packagesTab'), children: <PurchasedPackagesTab /> },
        { key: 'core', label: t('adminTraffic.tab.core'), children: <CoreDataTab /> },
        { key: 'statistics', label: t('adminTraffic.tab.statistics'), children: <AdminStatisticsTab /> },
        { key: 'logs', label: t('adminTraffic.tab.logs'), children: <AdminLogsTab /> },
      ]}
    />
  );
}
