import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { AdminTrafficDashboardTab } from '../components/admin-traffic-dashboard-tab';
import { PlansTab } from '../components/plans-tab';
import { CoreDataTab } from '../components/core-data-tab';
import { AdminStatisticsTab } from '../components/admin-statistics-tab';
import { AdminLogsTab } from '../components/admin-logs-tab';

const TABS = ['dashboard', 'plans', 'core', 'statistics', 'logs'] as const;
type TrafficTab = (typeof TABS)[number];

/** /admin/traffic: platform traffic dashboard, package plans, core data (provider, data sources, API catalogue), statistics and logs. The tab is in the URL (`?tab=…`), so a link to it is shareable. */
export default function AdminTrafficPage() {
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
              { key: 'dashboard', label: t('adminTraffic.tab.dashboard'), children: <AdminTrafficDashboardTab /> },
              { key: 'plans', label: t('adminTraffic.tab.plans'), children: <PlansTab /> },
              { key: 'core', label: t('adminTraffic.tab.core'), children: <CoreDataTab /> },
              { key: 'statistics', label: t('adminTraffic.tab.statistics'), children: <AdminStatisticsTab /> },
              { key: 'logs', label: t('adminTraffic.tab.logs'), children: <AdminLogsTab /> },
            ]}
          />
        </section>
      </div>
    </>
  );
}
