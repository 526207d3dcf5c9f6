import { CONFIGURABLE_PLUGIN_CODES, type ConfigurablePluginCode } from '@parlour/contract/calls/plugin-settings';
import type { TShopPlugin } from '@parlour/contract/calls/plugin';
import { Alert, Button, Drawer, Modal, Result, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { useBuyerGuide } from '../api/get-buyer-guide';
import { useLiveChat } from '../api/get-live-chat';
import { useStoreShipping } from '../api/get-store-shipping';
import { BuyerGuideSettingsForm } from './buyer-guide-settings-form';
import { LiveChatSettingsForm } from './live-chat-settings-form';
import { ShippingSettingsForm } from './shipping-settings-form';
import type { SettingsFormProps } from './settings-form-frame';

/** Whether a store plugin has settings the merchant edits (its "Settings" action). */
export function hasSettings(code: string): code is ConfigurablePluginCode {
  return (CONFIGURABLE_PLUGIN_CODES as readonly string[]).includes(code);
}

/** A settings query's states: loading, failed with a retry, or its form. */
function Loaded<T>(props: {
  query: { isPending: boolean; isError: boolean; data?: T; refetch: () => unknown };
  render: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (props.query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (props.query.isError || props.query.data === undefined)
    return (
      <Result
        status="warning"
        title={t('pluginSettings.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void props.query.refetch()}>
            {t('pluginSettings.retry')}
          </Button>
        }
      />
    );
  return <>{props.render(props.query.data)}</>;
}

function LiveChatPanel(props: SettingsFormProps) {
  const query = useLiveChat(props.shopId);
  return <Loaded query={query} render={(settings) => <LiveChatSettingsForm {...props} settings={settings} />} />;
}
function BuyerGuidePanel(props: SettingsFormProps) {
  const query = useBuyerGuide(props.shopId);
  return <Loaded query={query} render={(settings) => <BuyerGuideSettingsForm {...props} settings={settings} />} />;
}
function ShippingPanel(props: SettingsFormProps) {
  const query = useStoreShipping(props.shopId);
  return <Loaded query={query} render={(settings) => <ShippingSettingsForm {...props} settings={settings} />} />;
}

const PANELS: Record<ConfigurablePluginCode, (props: SettingsFormProps) => ReactNode> = {
  live_chat: LiveChatPanel,
  buyer_guide: BuyerGuidePanel,
  shipping_estimator: ShippingPanel,
};

/**
 * The settings of one of the store's plugins (issue 24 §5), in a drawer: its form, and a prompt before
 * closing it or leaving the page with changes not saved (as the store settings page asks).
 */
export function PluginSettingsDrawer({
  shopId,
  plugin,
  onClose,
}: {
  shopId: string;
  plugin: TShopPlugin | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [isDirty, setIsDirty] = useState(false);
  const [modal, contextHolder] = Modal.useModal();
  const leaveTexts = {
    title: t('pluginSettings.leave.title'),
    content: t('pluginSettings.leave.content'),
    ok: t('pluginSettings.leave.ok'),
    cancel: t('pluginSettings.leave.cancel'),
  };
  const leavePrompt = useLeaveGuard(isDirty, leaveTexts);
  const close = () => {
    setIsDirty(false);
    onClose();
  };
  const askToClose = () => {
    if (!isDirty) return close();
    void modal.confirm({
      title: leaveTexts.title,
      content: leaveTexts.content,
      okText: leaveTexts.ok,
      cancelText: leaveTexts.cancel,
      onOk: close,
    });
  };
  const Panel = plugin && hasSettings(plugin.code) ? PANELS[plugin.code] : null;
  return (
    <Drawer
      open={plugin !== null}
      onClose={askToClose}
      size={640}
      title={plugin ? t('pluginSettings.title', { name: plugin.name }) : undefined}
      destroyOnHidden
    >
      {contextHolder}
      {leavePrompt}
      {plugin && plugin.shop_status !== 'enabled' ? (
        <Alert type="info" showIcon title={t('pluginSettings.offHint')} style={{ marginBottom: 16 }} />
      ) : null}
      {Panel ? <Panel key={`${shopId}:${plugin?.code}`} shopId={shopId} onDirtyChange={setIsDirty} /> : null}
    </Drawer>
  );
}
