import { LoadingOutlined } from '@ant-design/icons';
import { toLang } from '@parlour/contract/errors';
import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { FeedbackHost } from './feedback-host';

/** The orange of the product (spec §1). */
export const PRIMARY_COLOR = '#fa8c16';

/**
 * The colour of "in progress" and of information: antd's own blue. antd draws Tag/Badge status
 * `processing`, Alert `info`, Result `info` and info messages with colorInfo; in the brand orange
 * those read like warnings ("unpaid", "needs renewal") instead of work under way.
 */
export const INFO_COLOR = '#1677ff';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorInfo: INFO_COLOR,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', " +
      "'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f6f8' },
  },
};

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } as const;

/**
 * Buttons: no space inserted between two Chinese characters ("登录" reads, and is found, as written);
 * and the loading icon given here rather than antd's own. antd animates its own icon's width in and
 * out, and when an answer arrives while the icon is still coming in (a quick call such as a domain's
 * "Check"), the way out never finishes: the icon stays in the free button, named "loading" to screen
 * readers and sometimes still spinning. A configured icon is shown and removed without the animation.
 */
const BUTTON_CONFIG = { autoInsertSpace: false, loadingIcon: <LoadingOutlined /> };

/** The theme for users who asked for less motion: antd's transitions and animations off. */
const REDUCED_MOTION_THEME: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };

/**
 * antd theme (without motion when the user's system asks for less) and locale (following the
 * interface language), and the message host.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const isMotionReduced = useReducedMotion();
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[toLang(i18n.language)]}
      theme={isMotionReduced ? REDUCED_MOTION_THEME : theme}
      button={BUTTON_CONFIG}
    >
      <FeedbackHost />
      {children}
    </ConfigProvider>
  );
}
