import { adminAddNotice, merchantListUnreadNotices, type TAdminNotice, type TMerchantNotice } from '@parlour/contract/calls/notice';
import type { TestApp } from './helper';
import { expectOk } from './shop-helper';

export type { TAdminNotice, TMerchantNotice };

let noticeCounter = 0;
/** A published notice, due now, with a title unique within the run. */
export function noticeFields(overrides: Record<string, unknown> = {}) {
  noticeCounter += 1;
  return { title: `Notice ${noticeCounter} ${Date.now().toString(36)}`, content: '<p>Maintenance <strong>tonight</strong></p>', status: 'published', ...overrides };
}

export async function addNotice(t: TestApp, adminToken: string, overrides: Record<string, unknown> = {}) {
  return expectOk(t.callRaw(adminAddNotice, noticeFields(overrides), adminToken));
}

export type MerchantNoticeList = { list: TMerchantNotice[]; total: number; unread_count: number };
export async function merchantNotices(t: TestApp, token: string, body: Record<string, unknown> = {}) {
  return expectOk(t.call(merchantListUnreadNotices, { limit: 100, ...body }, token));
}

let ipCounter = 0;
/** A fresh client address, so each test starts with an empty message-form allowance. */
export function uniqueIp() {
  ipCounter += 1;
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let phoneCounter = 0;
export function messageFields(overrides: Record<string, unknown> = {}) {
  phoneCounter += 1;
  return { name: `Lead ${phoneCounter}`, contact: `1390000${String(phoneCounter).padStart(4, '0')}`, content: 'Please call me about the enterprise version', ...overrides };
}
