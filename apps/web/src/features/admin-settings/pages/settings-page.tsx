import { SETTINGS_GROUPS, type SettingsGroup } from '@parlour/contract/calls/settings';
import { Button, Result, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useConfigList } from '../api/get-config-list';
import { MailSettingsForm } from '../components/mail-settings-form';
import { PlatformRulesForm } from '../components/platform-rules-form';
import { SiteSettingsForm } from '../components/site-settings-form';
import { SmsSettingsForm } from '../components/sms-settings-form';
import { WecomSettingsForm } from '../components/wecom-settings-form';

function isGroup(value: string | null): value is SettingsGroup {
  return (SETTINGS_GROUPS as readonly string[]).includes(value ?? '');
}

/** /admin/settings: one tab per settings group, each saved on its own; the tab is kept in the URL. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = isGroup(params.get('tab')) ? (params.get('tab') as SettingsGroup) : 'site';
  const settings = useConfigList();

  const body = (() => {
    if (settings.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (settings.isError || !settings.data) {
      return (
        <Result
          status="warning"
          title={t('adminSettings.loadFailed')}
          extra={
            <Button type="primary" onClick={() => void settings.refetch()}>
              {t('adminSettings.retry')}
            </Button>
          }
        />
      );
    }
    const data = settings.data;
    const panes: Record<SettingsGroup, ReactNode> = {
      site: <SiteSettingsForm values={data.site} />,
      mail: <MailSettingsForm values={data.mail} />,
      sms: <SmsSettingsForm values={data.sms} />,
      wecom: <WecomSettingsForm values={data.wecom} />,
      platform: <PlatformRulesForm values={data.platform} />,
    };
    return (
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={SETTINGS_GROUPS.map((group) => ({ key: group, label: t(`adminSettings.tabs.${group}`), children: panes[group] }))}
      />
    );
  })();

  return (
    <>
      <PageHeader />
      <div className="page-body admin-page">
        <section className="page-card settings-page" aria-label={t('adminSettings.label')}>
          {body}
        </section>
      </div>
    </>
  );
}
