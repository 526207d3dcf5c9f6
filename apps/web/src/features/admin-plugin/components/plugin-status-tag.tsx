import type { PluginStatus } from '@parlour/contract/calls/plugin';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Listed (in the market) or unlisted (out of the market, still installed where bought). */
export function PluginStatusTag({ status }: { status: PluginStatus }) {
  const { t } = useTranslation();
  return <Tag color={status === 'listed' ? 'green' : 'default'}>{t(`adminPlugin.status.${status}`)}</Tag>;
}
