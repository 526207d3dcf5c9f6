import {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  ContactsOutlined,
  ControlOutlined,
  DashboardOutlined,
  NotificationOutlined,
  SettingOutlined,
  ShopOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Icons the route table may give a menu entry, by name (names keep icons out of the first load). */
const MENU_ICONS = {
  store: ShopOutlined,
  plugin: AppstoreOutlined,
  traffic: ThunderboltOutlined,
  bill: AccountBookOutlined,
  setting: SettingOutlined,
  dashboard: DashboardOutlined,
  merchant: TeamOutlined,
  version: TagsOutlined,
  notice: NotificationOutlined,
  prospects: ContactsOutlined,
  settings: ControlOutlined,
  operations: BarChartOutlined,
} satisfies Record<string, ComponentType>;

export type MenuIconName = keyof typeof MENU_ICONS;

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = name && Object.hasOwn(MENU_ICONS, name) ? MENU_ICONS[name as MenuIconName] : undefined;
  return Icon ? <Icon aria-hidden /> : null;
}
