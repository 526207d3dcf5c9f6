import { expect, type APIRequestContext } from '@playwright/test';
import { DNS_CONTROL_PORT } from '../playwright.config';

/**
 * The records the tests' DNS server (support/dns-server.mjs) answers, which the server under test
 * checks merchants' domains against (DNS_SERVERS): a test publishes a record as a merchant would at
 * their DNS provider.
 */

const RECORDS_URL = `http://127.0.0.1:${DNS_CONTROL_PORT}/records`;

export type DnsRecordType = 'A' | 'AAAA' | 'CNAME' | 'TXT';

/** Adds a record (a name may hold several). */
export async function publishRecord(
  request: APIRequestContext,
  record: { name: string; type: DnsRecordType; value: string },
) {
  const response = await request.put(RECORDS_URL, { data: record });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Drops every record of a name (it answers NXDOMAIN again). */
export async function clearName(request: APIRequestContext, name: string) {
  const response = await request.delete(`${RECORDS_URL}?name=${encodeURIComponent(name)}`);
  expect(response.ok(), await response.text()).toBe(true);
}
