import type { PluginMarketState } from '@parlour/contract/calls/plugin';

/** What a merchant can do with a plugin in the market for the selected store. */
export type PluginAction = 'install' | 'buy' | 'trial' | 'pay';

/** The parts of a market plugin (or a detail's store state) the offer depends on. */
export interface OfferInput {
  is_free: boolean;
  market_state: PluginMarketState;
  can_trial: boolean;
  unpaid_bill_no: string | null;
}

/**
 * The buttons a plugin gets, most wanted first. A free plugin installs; a paid one is bought (a bill
 * paid at the cashier), tried once per store when it has trial days, and bought during or after a
 * trial. An unpaid bill for it is paid rather than a second one made ("order exists"). Nothing for
 * a plugin the store has, or one the store's version may not have.
 */
export function pluginActions(plugin: OfferInput): PluginAction[] {
  const { market_state: state } = plugin;
  if (state === 'version_unavailable' || state === 'installed' || state === 'purchased') return [];
  if (plugin.is_free) return state === 'available' ? ['install'] : [];
  const actions: PluginAction[] = [plugin.unpaid_bill_no ? 'pay' : 'buy'];
  if (state === 'available' && plugin.can_trial) actions.push('trial');
  return actions;
}

/** The store's versions that may have the plugin, as a list in the reader's language ("Professional, Enterprise"). */
export function versionList(packages: ReadonlyArray<{ name: string }>, lang: string): string {
  const names = packages.map((version) => version.name);
  if (typeof Intl.ListFormat !== 'function') return names.join(', ');
  return new Intl.ListFormat(lang, { style: 'long', type: 'disjunction' }).format(names);
}
