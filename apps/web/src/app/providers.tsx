import { toLang } from '@parlour/contract/errors';
import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackHost } from './feedback-host';

/** The orange of the product (spec §1). */
export const PRIMARY_COLOR = '#fa8c16';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorInfo: PRIMARY_COLOR,
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f6f8' },
  },
};

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } as const;

/** antd theme and locale (following the interface language), and the message host. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    // No space inserted between two Chinese characters on buttons: "登录" reads (and is found) as written.
    <ConfigProvider locale={ANTD_LOCALES[toLang(i18n.language)]} theme={theme} button={{ autoInsertSpace: false }}>
      <FeedbackHost />
      {children}
    </ConfigProvider>
  );
}
