import { formatZoneOffset, zoneDateTime } from '@parlour/contract/business-time';
import type { TLocalizedText } from '@parlour/contract/localized-text';
import { escapeHtml } from '../../lib/html';

/** A trial the plugin sweep ended: whose, on which store, of which plugin. */
export interface EndedTrial {
  merchant_id: number;
  shop_id: string;
  shop_name: string;
  plugin_name: string;
  plugin_name_en: string;
}

/** A trial the plugin sweep reminds its merchant of: the plugin's code (to find it in the market) and when it ends. */
export interface TrialToRemind extends EndedTrial {
  plugin_code: string;
  trial_ends_at: Date;
}

const englishName = (trial: EndedTrial) => trial.plugin_name_en || trial.plugin_name;
const storeOf = (trial: EndedTrial) => `${escapeHtml(trial.shop_name)} (${escapeHtml(trial.shop_id)})`;

/** The notice a merchant gets when the sweep disables a plugin whose trial ended, in both languages. */
export function trialEndedNotice(trial: EndedTrial): { title: TLocalizedText; content: TLocalizedText } {
  const english = englishName(trial);
  const store = storeOf(trial);
  return {
    title: { 'zh-CN': `插件试用已结束：${trial.plugin_name}`, 'en-US': `Plugin trial ended: ${english}` },
    content: {
      'zh-CN': `<p>店铺 ${store} 的插件 <strong>${escapeHtml(trial.plugin_name)}</strong> 试用期已结束，插件已停用，店铺前台不再显示该功能。在「插件 → 插件市场」购买后即可重新启用。</p>`,
      'en-US': `<p>The trial of the plugin <strong>${escapeHtml(english)}</strong> on store ${store} has ended: the plugin is disabled and the storefront no longer shows it. Buy it under Plugins → Market to enable it again.</p>`,
    },
  };
}

/** The console page where the merchant buys the plugin for the store: the market tab with the store chosen and the plugin searched. */
export function pluginMarketPath(shopId: string, pluginCode: string): string {
  return `/merchant/plugin?tab=market&shop_id=${encodeURIComponent(shopId)}&keyword=${encodeURIComponent(pluginCode)}`;
}

/**
 * The notice a merchant gets once when a plugin trial on one of their stores ends within the
 * reminder window, in both languages: the plugin, the store, the end (to the minute in the
 * platform's business time zone, with its UTC offset) and where to buy it. Notice content keeps
 * only absolute links, so the console page is named, with its path.
 */
export function trialEndingNotice(trial: TrialToRemind, zone: string): { title: TLocalizedText; content: TLocalizedText } {
  const english = englishName(trial);
  const store = storeOf(trial);
  const end = `${zoneDateTime(trial.trial_ends_at, zone)} (${formatZoneOffset(trial.trial_ends_at, zone)})`;
  const page = `<code>${escapeHtml(pluginMarketPath(trial.shop_id, trial.plugin_code))}</code>`;
  return {
    title: { 'zh-CN': `插件试用即将结束：${trial.plugin_name}`, 'en-US': `Plugin trial ending soon: ${english}` },
    content: {
      'zh-CN': `<p>店铺 ${store} 的插件 <strong>${escapeHtml(trial.plugin_name)}</strong> 试用期将于 ${end} 结束，届时插件将停用，店铺前台不再显示该功能。如需继续使用，请在「插件 → 插件市场」中选择店铺 ${escapeHtml(trial.shop_id)} 并购买该插件（${page}）。</p>`,
      'en-US': `<p>The trial of the plugin <strong>${escapeHtml(english)}</strong> on store ${store} ends on ${end}: the plugin will then be disabled and the storefront will no longer show it. To keep it, buy it under Plugins → Market with store ${escapeHtml(trial.shop_id)} selected (${page}).</p>`,
    },
  };
}
