import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { pluginActions, type OfferInput, type PluginAction } from './plugin-offer';

const LABEL_KEY = {
  install: 'plugin.action.install',
  buy: 'plugin.action.buy',
  trial: 'plugin.action.trial',
  pay: 'plugin.action.pay',
} as const;

/** The buttons of a plugin for the selected store (install, buy, free trial, pay its waiting bill). */
export function PluginActions({
  plugin,
  onAction,
  isBusy,
  isDisabled = false,
  size = 'middle',
}: {
  plugin: OfferInput & { id: number };
  onAction: (action: PluginAction) => void;
  isBusy: (id: number, action: PluginAction) => boolean;
  /** The store cannot take plugins now (not on trial or operating). */
  isDisabled?: boolean;
  size?: 'small' | 'middle' | 'large';
}) {
  const { t } = useTranslation();
  const actions = pluginActions(plugin);
  if (actions.length === 0) return null;
  return (
    <Flex gap={8} wrap>
      {actions.map((action, index) => (
        <Button
          key={action}
          size={size}
          type={index === 0 ? 'primary' : 'default'}
          disabled={isDisabled}
          loading={isBusy(plugin.id, action)}
          onClick={() => onAction(action)}
        >
          {t(LABEL_KEY[action])}
        </Button>
      ))}
    </Flex>
  );
}
