import {
  adminAddPlugin,
  adminAddPluginType,
  merchantAddShopPlugin,
  type TAdminPluginDetail,
} from '@parlour/contract/calls/plugin';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildTestApp, type CallBody, type TestApp } from './helper';
import { expectOk, signInAdmin, VERSION } from './shop-helper';

export type { TAdminPluginDetail };

/**
 * The plugin suites' hooks, registered where it is called (inside a describe): one test app for the
 * suite (code sends unbudgeted: tests register many merchants), closed after it, and the operator
 * signed in afresh before each test (a test may move the clock past a session's life). The suite
 * receives the app once it is built and the operator's token before each test.
 */
export function usePluginSuite(receive: { app: (t: TestApp) => void; admin: (token: string) => void }) {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    receive.app(t);
  });
  beforeEach(async () => {
    receive.admin(await signInAdmin(t));
  });
  afterAll(() => t.close());
}

/** The plugin types migration 0030 seeds, by display order. */
export const PLUGIN_TYPE = { service: 1, marketing: 2, product: 3, shipping: 4, localisation: 5 } as const;

let pluginCounter = 0;
/** A plugin code unique within the run. */
export function uniquePluginCode(prefix = 'p') {
  pluginCounter += 1;
  return `${prefix}_${Date.now().toString(36)}_${pluginCounter}${Math.floor(Math.random() * 1000)}`.slice(0, 40);
}

/** A listed paid plugin (¥99, 7-day trial) for the Professional and Enterprise versions, typed from the call. */
export type PluginFields = CallBody<typeof adminAddPlugin>;
export function pluginFields(overrides: Partial<PluginFields> = {}): PluginFields {
  const code = uniquePluginCode();
  return {
    code,
    name: { 'zh-CN': `插件 ${code}`, 'en-US': `Plugin ${code}` },
    type_id: PLUGIN_TYPE.service,
    package_ids: [VERSION.professional, VERSION.enterprise],
    price: 9900,
    trial_days: 7,
    status: 'listed',
    description: { 'zh-CN': '<p>在线<strong>客服</strong></p>', 'en-US': '<p>Live <strong>chat</strong></p>' },
    version: '1.0.0',
    changelog: { 'zh-CN': '首个版本', 'en-US': 'First release' },
    ...overrides,
  };
}
/** The same fields with any overrides, unchecked: for error tests. */
export function rawPluginFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...pluginFields(), ...overrides };
}

export async function addPlugin(t: TestApp, adminToken: string, overrides: Partial<PluginFields> = {}) {
  return expectOk(t.call(adminAddPlugin, pluginFields(overrides), adminToken));
}
let typeCounter = 0;
export async function addPluginType(t: TestApp, adminToken: string) {
  typeCounter += 1;
  const suffix = `${typeCounter}${Date.now().toString(36).slice(-5)}`;
  return expectOk(
    t.call(adminAddPluginType, { name: { 'zh-CN': `类型${suffix}`, 'en-US': `Type ${suffix}` }, sort: 99 }, adminToken),
  );
}

/** Takes a plugin for a store (buy by default, paying by alipay). */
export async function takePlugin(
  t: TestApp,
  token: string,
  input: Omit<CallBody<typeof merchantAddShopPlugin>, 'pay_method'> & { pay_method?: 'wechat' | 'alipay' | 'paypal' },
) {
  return t.call(merchantAddShopPlugin, { pay_method: 'alipay', ...input }, token);
}

/**
 * The one link in a plugin trial notice's content: its words, and its href (entities decoded) split
 * into the console path and the query the market screen reads (`tab`, `shop_id`, `keyword`).
 */
export function marketLinkIn(html: string) {
  const links = [...html.matchAll(/<a\b([^>]*)>([^<]*)<\/a>/g)];
  if (links.length !== 1) throw new Error(`expected one link in ${html}`);
  const [, attributes, text] = links[0];
  const href = /^ href="([^"]*)"$/.exec(attributes)?.[1]?.replace(/&amp;/g, '&');
  if (href === undefined)
    throw new Error(`expected a link with only an href (same tab, no target or rel): ${links[0][0]}`);
  const url = new URL(href, 'https://console.invalid');
  return { text, href, origin: url.origin, path: url.pathname, query: Object.fromEntries(url.searchParams) };
}
