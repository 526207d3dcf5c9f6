import { LoadingOutlined } from '@ant-design/icons';
import { toLang } from '@parlour/contract/errors';
import { ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { FeedbackHost } from './feedback-host';

/**
 * The orange of the product (spec §1) for text, links and buttons: #c2410c holds 5.2:1 against white
 * (WCAG 1.4.3 asks 4.5:1 of text, white on a button included). The bright brand orange
 * (BRAND_ORANGE) is for large surfaces and decoration only.
 */
export const PRIMARY_COLOR = '#c2410c';

/** The bright orange of the brand: the logo, gradients, charts; never text, nor behind white text. */
export const BRAND_ORANGE = '#fa8c16';

/**
 * The colour of "in progress" and of information: antd's blue, one step darker so its text passes
 * (6.2:1). antd draws Tag/Badge status `processing`, Alert `info`, Result `info` and info messages
 * with colorInfo; in the brand orange those read like warnings ("unpaid", "needs renewal") instead
 * of work under way.
 */
export const INFO_COLOR = '#0958d9';

/** Secondary text (descriptions, help, table captions): 5.7:1 against white where antd's 45 % grey has 3.4:1. */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';

/**
 * Tags draw their text in the 7th shade of their colour on the 1st, which for orange, green, gold,
 * cyan, lime and yellow is under 4.5:1; the 8th (9th for gold and yellow) passes. Status tags draw
 * theirs in the status colour itself, so for tags alone those are the darker shades.
 */
const TAG_TOKENS = {
  orange7: '#ad4e00',
  green7: '#237804',
  gold7: '#874d00',
  cyan7: '#006d75',
  lime7: '#3f6600',
  yellow7: '#876800',
  volcano7: '#ad2102',
  colorSuccess: '#237804',
  colorWarning: '#874d00',
  colorError: '#a8071a',
};

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    // Hovered and pressed buttons and links go darker, not lighter, so white on them and they on white still pass.
    colorPrimaryHover: '#9a3412',
    colorPrimaryActive: '#7c2d12',
    colorLinkHover: '#9a3412',
    colorLinkActive: '#7c2d12',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorInfo: INFO_COLOR,
    // Error text (form messages, danger buttons and text) at 5.6:1; antd's #ff4d4f has 3.3:1.
    colorError: '#cf1322',
    // Success and warning text (Typography, statistics) in the darker shades of their colours.
    colorSuccessText: '#237804',
    colorWarningText: '#874d00',
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    // Placeholders are read too (WCAG 1.4.3): 5.1:1, still lighter than a value.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', " +
      "'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f6f8' },
    Tag: TAG_TOKENS,
    // An off switch's own text ("停用"/"Off") is white on its track: a track dark enough for 4.5:1.
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.6)', colorTextTertiary: 'rgba(0, 0, 0, 0.7)' },
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
