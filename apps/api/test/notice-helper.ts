import { addMessage } from '@parlour/contract/calls/prospect';
import {
  adminAddNotice,
  merchantListUnreadNotices,
  type TAdminNotice,
  type TMerchantNotice,
} from '@parlour/contract/calls/notice';
import type { CallBody, TestApp } from './helper';
import { expectOk } from './shop-helper';

export type { TAdminNotice, TMerchantNotice };

let noticeCounter = 0;
/** A published notice, due now, with a title unique within the run. */
export type NoticeFields = CallBody<typeof adminAddNotice>;
export function noticeFields(overrides: Partial<NoticeFields> = {}): NoticeFields {
  noticeCounter += 1;
  return {
    title: `Notice ${noticeCounter} ${Date.now().toString(36)}`,
    content: '<p>Maintenance <strong>tonight</strong></p>',
    status: 'published',
    ...overrides,
  };
}

/** The same fields with any overrides, unchecked: for error tests. */
export function rawNoticeFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...noticeFields(), ...overrides };
}

export async function addNotice(t: TestApp, adminToken: string, overrides: Partial<NoticeFields> = {}) {
  return expectOk(t.call(adminAddNotice, noticeFields(overrides), adminToken));
}

export type MerchantNoticeList = { list: TMerchantNotice[]; total: number; unread_count: number };
export async function merchantNotices(
  t: TestApp,
  token: string,
  body: CallBody<typeof merchantListUnreadNotices> = {},
) {
  return expectOk(t.call(merchantListUnreadNotices, { limit: 100, ...body }, token));
}

let ipCounter = 0;
/** A fresh client address, so each test starts with an empty message-form allowance. */
export function uniqueIp() {
  ipCounter += 1;
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let phoneCounter = 0;
export type MessageFields = CallBody<typeof addMessage>;
export function messageFields(overrides: Partial<MessageFields> = {}): MessageFields {
  phoneCounter += 1;
  return {
    name: `Lead ${phoneCounter}`,
    contact: `1390000${String(phoneCounter).padStart(4, '0')}`,
    content: 'Please call me about the enterprise version',
    ...overrides,
  };
}
/** The same fields with any overrides, unchecked: for error and mass-assignment tests. */
export function rawMessageFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...messageFields(), ...overrides };
}
