import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { TrafficDashboardTab } from '../components/traffic-dashboard-tab';
import { PackagesTab } from '../components/packages-tab';
import { StatisticsTab } from '../components/statistics-tab';
import { LogsTab } from '../components/logs-tab';
import { ApiKeysTab } from '../components/api-keys-tab';

const TABS = ['dashboard', 'packages', 'statistics', 'logs', 'keys'] as const;
type TrafficTab = (typeof TABS)[number];

/** /merchant/traffic: the traffic dashboard, packages, statistics, call logs and the stores' API keys. The tab is in the URL (`?tab=…`), so a link to it is shareable. */
export default function TrafficPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TrafficTab = TABS.find((key) => key === requested) ?? 'dashboard';

  return (
    <>
      <PageHeader />
      <div className="page-body">
        <section className="page-card">
          <Tabs
            activeKey={tab}
            // Switching tabs replaces the history entry rather than piling it up.
            onChange={(key) => setSearchParams(key === 'dashboard' ? {} : { tab: key }, { replace: true })}
            destroyOnHidden
            items={[
              { key: 'dashboard', label: t('traffic.tab.dashboard'), children: <TrafficDashboardTab /> },
              { key: 'packages', label: t('traffic.tab.packages'), children: <PackagesTab /> },
              { key: 'statistics', label: t('traffic.tab.statistics'), children: <StatisticsTab /> },
              { key: 'logs', label: t('traffic.tab.logs'), children: <LogsTab /> },
              { key: 'keys', label: t('traffic.tab.keys'), children: <ApiKeysTab /> },
            ]}
          />
        </section>
      </div>
    </>
  );
}
