import { useTranslation } from 'react-i18next';
import { TabbedPage } from '@/components/tabbed-page';
import { PluginTypesTab } from '../components/plugin-types-tab';
import { PluginsTab } from '../components/plugins-tab';

/** /admin/plugin: the plugin catalogue merchants buy from, and the plugin types it is sorted into. */
export default function AdminPluginPage() {
  const { t } = useTranslation();
  return (
    <TabbedPage
      isAdmin
      items={[
        { key: 'plugins', label: t('adminPlugin.tab.plugins'), children: <PluginsTab /> },
        { key: 'types', label: t('adminPlugin.tab.types'), children: <PluginTypesTab /> },
      ]}
    />
  );
}
