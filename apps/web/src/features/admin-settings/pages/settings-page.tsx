import { SETTINGS_GROUPS } from '@parlour/contract/calls/settings';
import { Skeleton, Tabs } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useConfigList } from '../api/get-config-list';
import { MailSettingsForm } from '../components/mail-settings-form';
import { PlatformRulesForm } from '../components/platform-rules-form';
import { SiteSettingsForm } from '../components/site-settings-form';
import { SmsSettingsForm } from '../components/sms-settings-form';
import { settingsLoadState } from '../components/settings-load-state';
import { WecomSettingsForm } from '../components/wecom-settings-form';

// The payment providers' settings have their own calls; their tab loads with its first opening.
const PaymentSettingsTab = lazy(() => import('../components/payment-settings-tab'));
// The platform's exchange rates (store pricing) too.
const ExchangeRatesTab = lazy(() => import('../components/exchange-rates-tab'));
const TABS = [...SETTINGS_GROUPS, 'payment', 'rates'] as const;
type SettingsTab = (typeof TABS)[number];

function isTab(value: string | null): value is SettingsTab {
  return (TABS as readonly string[]).includes(value ?? '');
}

/** /admin/settings: one tab per settings group, the payment providers' tab and the exchange rates' tab, each saved on its own; the tab is kept in the URL. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = isTab(params.get('tab')) ? (params.get('tab') as SettingsTab) : 'site';
  const settings = useConfigList();

  const body = (() => {
    const pending = settingsLoadState(settings);
    if (pending || !settings.data) return pending;
    const data = settings.data;
    const panes: Record<SettingsTab, ReactNode> = {
      site: <SiteSettingsForm values={data.site} />,
      mail: <MailSettingsForm values={data.mail} />,
      sms: <SmsSettingsForm values={data.sms} />,
      wecom: <WecomSettingsForm values={data.wecom} />,
      platform: <PlatformRulesForm values={data.platform} />,
      payment: (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <PaymentSettingsTab />
        </Suspense>
      ),
      rates: (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <ExchangeRatesTab />
        </Suspense>
      ),
    };
    return (
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS.map((group) => ({ key: group, label: t(`adminSettings.tabs.${group}`), children: panes[group] }))}
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
