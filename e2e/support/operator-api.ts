import { deflateSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { operatorContext, type Lang } from './fixtures';

/**
 * Helpers for the operator-console browser tests: the operator's session in its own
 * browser context, the API shapes the tests compare the screens with, a real PNG made in memory.
 */

export interface ApiOverview {
  merchants: { total: number; new_this_month: number };
  stores: Record<'total' | 'unpaid' | 'initializing' | 'trial' | 'operating' | 'pending_renewal' | 'disabled', number>;
  income_this_month: { amount: number; currency: string; count: number };
  unpaid_bills: { count: number; amount: number; currency: string };
}

export interface ApiSiteSettings {
  site_name: string;
  domain: string;
  keywords: string;
  description: string;
  logo: string;
  ico: string;
  record_number: string;
  copyright: string;
  service_phone: string;
}

export interface ApiPublicVersion {
  id: number;
  name: string;
  currency: string;
  trial_days: number;
  prices: { type: 'month' | 'year'; term: number; amount: number }[];
}

/**
 * The operator signed in (through the API) in a context of its own (so a merchant can be signed in
 * beside it), with the browser set to `browserLang`: the operator console is Chinese whatever the
 * browser says.
 */
export async function operatorPage(browser: Browser, baseURL: string | undefined, browserLang: Lang = 'en-US') {
  return operatorContext(browser, baseURL, browserLang);
}

/** Money as the console shows it in `lang` (Intl, as apps/web/src/lib/money.ts formats it: CNY with its symbol, any other currency with its ISO code). */
export function money(amount: number, lang: Lang, currency = 'CNY') {
  const currencyDisplay = currency === 'CNY' ? 'symbol' : 'code';
  return new Intl.NumberFormat(lang, {
    style: 'currency',
    currency,
    currencyDisplay,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Buffer) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (8-bit RGB): an orange rounded badge with a white bar, so an uploaded logo is
 * recognisable in a screenshot. The server checks uploads by content, so a fake would not do.
 */
export function logoPng(size = 96): Buffer {
  const rows: Buffer[] = [];
  const radius = size * 0.2;
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3, 0xff);
    row[0] = 0; // filter: none
    for (let x = 0; x < size; x += 1) {
      const dx = Math.max(radius - x, x - (size - 1 - radius), 0);
      const dy = Math.max(radius - y, y - (size - 1 - radius), 0);
      const isInside = dx * dx + dy * dy <= radius * radius;
      const isBar = x > size * 0.3 && x < size * 0.7 && y > size * 0.42 && y < size * 0.58;
      const [r, g, b] = !isInside ? [255, 255, 255] : isBar ? [255, 255, 255] : [250, 140, 22];
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether the page scrolls sideways at its current width. */
export async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** How far the widest table on the page scrolls sideways (0 or less: every column is in view). */
export async function tableOverflow(page: Page) {
  return page.evaluate(() =>
    Math.max(
      0,
      ...Array.from(
        document.querySelectorAll('.ant-table-content, .ant-table-body'),
        (element) => element.scrollWidth - element.clientWidth,
      ),
    ),
  );
}
