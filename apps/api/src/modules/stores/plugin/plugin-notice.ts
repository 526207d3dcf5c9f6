import { formatZoneOffset, zoneDateTime } from '@parlour/contract/business-time';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import { escapeHtml } from '../../../lib/html';

/** A trial the plugin sweep ended: whose, on which store, of which plugin (its code finds it in the market). */
export interface EndedTrial {
  merchant_id: number;
  shop_id: string;
  shop_name: string;
  plugin_code: string;
  plugin_name: string;
  plugin_name_en: string;
}

/** A trial the plugin sweep reminds its merchant of: when it ends. */
export interface TrialToRemind extends EndedTrial {
  trial_ends_at: Date;
}

const englishName = (trial: EndedTrial) => trial.plugin_name_en || trial.plugin_name;
const storeOf = (trial: EndedTrial) => `${escapeHtml(trial.shop_name)} (${escapeHtml(trial.shop_id)})`;

/** The console page where the merchant buys the plugin for the store: the market tab with the store chosen and the plugin searched. */
export function pluginMarketPath(shopId: string, pluginCode: string): string {
  return `/merchant/plugin?tab=market&shop_id=${encodeURIComponent(shopId)}&keyword=${encodeURIComponent(pluginCode)}`;
}

/**
 * A link to the trial's plugin in the market, with `text` (HTML) as its words. Notice content keeps a
 * console path on the same origin as a link (the console opens it in the app, same tab).
 */
const marketLink = (trial: EndedTrial, text: string) =>
  `<a href="${escapeHtml(pluginMarketPath(trial.shop_id, trial.plugin_code))}">${text}</a>`;

/** The notice a merchant gets when the sweep disables a plugin whose trial ended, in both languages, with a link to buy it. */
export function trialEndedNotice(trial: EndedTrial): { title: TLocalizedText; content: TLocalizedText } {
  const english = englishName(trial);
  const store = storeOf(trial);
  return {
    title: { 'zh-CN': `插件试用已结束：${trial.plugin_name}`, 'en-US': `Plugin trial ended: ${english}` },
    content: {
      'zh-CN':
        `<p>店铺 ${store} 的插件 <strong>${escapeHtml(trial.plugin_name)}</strong> 试用期已结束，` +
        `插件已停用，店铺前台不再显示该功能。在${marketLink(trial, '「插件 → 插件市场」')}购买后即可重新启用。</p>`,
      'en-US':
        `<p>The trial of the plugin <strong>${escapeHtml(english)}</strong> on store ${store} has ended: the ` +
        `plugin is disabled and the storefront no longer shows it. Buy it under ` +
        `${marketLink(trial, 'Plugins → Market')} to enable it again.</p>`,
    },
  };
}

/**
 * The notice a merchant gets once when a plugin trial on one of their stores ends within the
 * reminder window, in both languages: the plugin, the store, the end (to the minute in the
 * platform's business time zone, with its UTC offset) and a link to buy it in the market, with the
 * store chosen and the plugin searched.
 */
export function trialEndingNotice(
  trial: TrialToRemind,
  zone: string,
): { title: TLocalizedText; content: TLocalizedText } {
  const english = englishName(trial);
  const store = storeOf(trial);
  const end = `${zoneDateTime(trial.trial_ends_at, zone)} (${formatZoneOffset(trial.trial_ends_at, zone)})`;
  return {
    title: { 'zh-CN': `插件试用即将结束：${trial.plugin_name}`, 'en-US': `Plugin trial ending soon: ${english}` },
    content: {
      'zh-CN':
        `<p>店铺 ${store} 的插件 <strong>${escapeHtml(trial.plugin_name)}</strong> 试用期将于 ${end} 结束，` +
        `届时插件将停用，店铺前台不再显示该功能。如需继续使用，请${marketLink(trial, '前往「插件 → 插件市场」购买')}。</p>`,
      'en-US':
        `<p>The trial of the plugin <strong>${escapeHtml(english)}</strong> on store ${store} ends on ` +
        `${end}: the plugin will then be disabled and the storefront will no longer show it. To keep it, ` +
        `${marketLink(trial, 'buy it under Plugins → Market')}.</p>`,
    },
  };
}
