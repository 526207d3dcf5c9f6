import type { Call } from '../call';
import * as account from './account';
import * as accountSecurity from './account-security';
import * as apiInfo from './api-info';
import * as bill from './bill';
import * as dashboard from './dashboard';
import * as domain from './domain';
import * as merchantAdmin from './merchant-admin';
import * as notice from './notice';
import * as openCore from './open-core';
import * as operations from './operations';
import * as paymentSettings from './payment-settings';
import * as plugin from './plugin';
import * as pluginSettings from './plugin-settings';
import * as prospect from './prospect';
import * as settings from './settings';
import * as siteSettings from './site-settings';
import * as store from './store';
import * as storePicks from './store-picks';
import * as storePricing from './store-pricing';
import * as storeShipping from './store-shipping';
import * as storeSiteConfig from './store-site-config';
import * as traffic from './traffic';
import * as trafficReport from './traffic-report';

function isCall(value: unknown): value is Call {
  return (
    typeof value === 'object' && value !== null && 'path' in value && 'role' in value && 'isAuthenticated' in value
  );
}

/** Every declared call, collected from the call modules. The server must register a handler for each (a test checks it). */
export const allCalls: Call[] = [
  apiInfo,
  account,
  accountSecurity,
  store,
  domain,
  bill,
  merchantAdmin,
  notice,
  prospect,
  settings,
  siteSettings,
  dashboard,
  traffic,
  trafficReport,
  openCore,
  operations,
  storeSiteConfig,
  storePricing,
  storePicks,
  storeShipping,
  plugin,
  pluginSettings,
  paymentSettings,
].flatMap((module) => Object.values(module as Record<string, unknown>).filter(isCall));
