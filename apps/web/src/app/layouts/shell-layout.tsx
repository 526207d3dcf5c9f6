import { DownOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Grid, Layout, Menu, Tag, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { Logo } from '../../components/logo';
import { MenuIcon } from '../../components/menu-icon';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { SuspensionNoticeBanner } from '../../features/account/components/suspension-notice-banner';
import { TwoFactorEnrolmentGate } from '../../features/account/components/two-factor-enrolment-gate';
import { useLogout } from '../../features/auth/api/logout';
import { PLATFORM_PATH } from '../../lib/access';
import { useSessionStore, type MenuRoute } from '../../lib/session-store';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The deepest visible menu entry containing `pathname` (a hidden child highlights its parent). */
export function selectedMenuKey(menus: MenuRoute[], pathname: string): string | undefined {
  for (const menu of menus) {
    if (menu.isHidden) continue;
    if (pathname === menu.path || pathname.startsWith(`${menu.path}/`)) {
      return selectedMenuKey(menu.children ?? [], pathname) ?? menu.path;
    }
  }
  return undefined;
}

/** Entries of hidden groups (settings): reachable from the account menu instead of the sider. */
function hiddenGroupPages(menus: MenuRoute[]): MenuRoute[] {
  return menus.filter((menu) => menu.isHidden && menu.children?.length).flatMap((menu) => menu.children ?? []);
}

/**
 * The authenticated shell (/platform and every menu page): sider menu from the user type's menu
 * routes, top bar with the user, the language switcher (merchants only) and logout.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  // useBreakpoint is empty on the first render; reading the width then keeps the sider from
  // opening with an animation on every page load.
  const isNarrow = screens.lg === undefined ? window.innerWidth < 992 : !screens.lg;
  const [isCollapsed, setIsCollapsed] = useState<boolean | null>(null);
  const loginType = useSessionStore((state) => state.loginType);
  const info = useSessionStore((state) => state[state.loginType].info);
  const menus = useSessionStore((state) => state[state.loginType].menus) ?? [];
  const logout = useLogout(loginType);
  const collapsed = isCollapsed ?? isNarrow;
  const name = info?.nickname || info?.account || '';

  const toItem = (menu: MenuRoute): MenuItem => {
    const children = (menu.children ?? []).filter((child) => !child.isHidden);
    return children.length > 0
      ? { key: menu.path, icon: <MenuIcon name={menu.icon} />, label: t(menu.titleKey), children: children.map(toItem) }
      : { key: menu.path, icon: <MenuIcon name={menu.icon} />, label: <Link to={menu.path}>{t(menu.titleKey)}</Link> };
  };
  const items = menus.filter((menu) => !menu.isHidden).map(toItem);
  const selected = selectedMenuKey(menus, pathname);

  const accountItems: MenuProps['items'] = [
    ...hiddenGroupPages(menus).map((page) => ({ key: page.path, label: t(page.titleKey) })),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout'), danger: true },
  ];

  return (
    <Layout className="shell">
      <SkipLink />
      <Layout.Sider
        className="shell__sider"
        width={232}
        collapsedWidth={isNarrow ? 0 : 72}
        collapsed={collapsed}
        trigger={null}
        theme="light"
      >
        <Link to={PLATFORM_PATH} className="shell__brand">
          <Logo size={collapsed ? 32 : 28} />
        </Link>
        <nav aria-label={t('shell.menuLabel')}>
          <Menu
            mode="inline"
            items={items}
            selectedKeys={selected ? [selected] : []}
            onClick={() => {
              if (isNarrow) setIsCollapsed(true);
            }}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell__header">
          <Button
            type="text"
            className="shell__toggle"
            icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
            aria-label={collapsed ? t('shell.openMenu') : t('shell.closeMenu')}
            onClick={() => setIsCollapsed(!collapsed)}
          />
          <div className="shell__header-actions">
            {loginType === 'merchant' ? <LanguageSwitcher /> : <Tag color="purple">{t('shell.operatorBadge')}</Tag>}
            <Dropdown
              trigger={['click']}
              menu={{
                items: accountItems,
                onClick: ({ key }) => {
                  if (key === 'logout') void logout();
                  else void navigate(key);
                },
              }}
            >
              <Button type="text" className="shell__user" aria-label={`${t('shell.userMenu')}: ${name}`}>
                <Avatar
                  size="small"
                  className="shell__avatar"
                  aria-hidden
                  data-initial={name.slice(0, 1).toUpperCase()}
                />
                <span className="shell__user-name">{name}</span>
                <DownOutlined aria-hidden />
              </Button>
            </Dropdown>
            <Button
              type="text"
              icon={<LogoutOutlined aria-hidden />}
              aria-label={t('shell.logout')}
              onClick={() => void logout()}
            >
              <span className="shell__logout-text">{t('shell.logout')}</span>
            </Button>
          </div>
        </Layout.Header>
        <Layout.Content className="shell__content" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <SuspensionNoticeBanner isEnabled={loginType === 'merchant'} />
          <TwoFactorEnrolmentGate isOperator={loginType === 'admin'}>
            <Outlet />
          </TwoFactorEnrolmentGate>
        </Layout.Content>
      </Layout>
      {isNarrow && !collapsed ? (
        <div className="shell__backdrop" aria-hidden onClick={() => setIsCollapsed(true)} />
      ) : null}
    </Layout>
  );
}
