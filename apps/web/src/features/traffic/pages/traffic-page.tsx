import { useTranslation } from 'react-i18next';
import { TabbedPage } from '@/components/tabbed-page';
import { TrafficDashboardTab } from '../components/traffic-dashboard-tab';
import { PackagesTab } from '../components/packages-tab';
import { StatisticsTab } from '../components/statistics-tab';
import { LogsTab } from '../components/logs-tab';
import { ApiKeysTab } from '../components/api-keys-tab';

/** /merchant/traffic: the traffic dashboard, packages, statistics, call logs and the stores' API keys. */
export default function TrafficPage() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      items={[
        { key: 'dashboard', label: t('traffic.tab.dashboard'), children: <TrafficDashboardTab /> },
        { key: 'packages', label: t('traffic.tab.packages'), children: <PackagesTab /> },
        { key: 'statistics', label: t('traffic.tab.statistics'), children: <StatisticsTab /> },
        { key: 'logs', label: t('traffic.tab.logs'), children: <LogsTab /> },
        { key: 'keys', label: t('traffic.tab.keys'), children: <ApiKeysTab /> },
      ]}
    />
  );
}
