import { merchantAddShop, merchantListShops } from '@parlour/contract/calls/store';
import { sendEmailCode } from '@parlour/contract/calls/account';
import { ErrorCode } from '@parlour/contract/errors';
import { beforeEach, describe, expect, it } from 'vitest';
import { merchantUserinfo, mockFetch, recordFeedback } from '../test/helpers';
import { clearIdempotencyKeys } from './idempotency-keys';
import { callApi } from './request';
import { useSessionStore } from './session-store';

const shop = { shop_name: 'Store', shop_id: 'store1', contact_email: 'a@example.com', package_id: 1 };
const keyOf = (call: { headers: Headers }) => call.headers.get('idempotency-key');

beforeEach(() => {
  clearIdempotencyKeys();
  useSessionStore.getState().signIn('merchant', merchantUserinfo);
});

describe('Idempotency-Keys of writing calls', () => {
  it('sends a key of printable ASCII on a writing call and none on a read', async () => {
    const { calls } = mockFetch(() => ({ code: 200, data: { list: [], total: 0 } }));
    await callApi(merchantListShops, {}).catch(() => undefined);
    await callApi(sendEmailCode, { email: 'a@example.com', event: 'register' });
    expect(keyOf(calls[0]!)).toBeNull();
    expect(keyOf(calls[1]!)).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it("sends a double click once: the second identical submission answers the first one's answer", async () => {
    const { calls } = mockFetch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { code: 200, data: { shop_id: 'store1' } };
    });
    const [first, second] = await Promise.all([callApi(merchantAddShop, shop), callApi(merchantAddShop, { ...shop })]);
    expect(calls).toHaveLength(1);
    expect(second).toEqual(first);
  });

  it('shows the failure of a double-clicked submission once', async () => {
    const feedback = recordFeedback();
    mockFetch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { code: ErrorCode.SHOP_ID_TAKEN, msg: 'taken' };
    });
    const results = await Promise.allSettled([callApi(merchantAddShop, shop), callApi(merchantAddShop, shop)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(feedback.error).toHaveBeenCalledTimes(1);
    expect(feedback.error).toHaveBeenCalledWith('taken');
  });

  it('keeps the key for a retry after a lost connection, a timeout-like failure or "in progress"', async () => {
    let answer: () => unknown = () => new TypeError('Failed to fetch');
    const { calls } = mockFetch(() => answer() as never);
    await expect(callApi(merchantAddShop, shop, { skipErrorHandler: true })).rejects.toMatchObject({ kind: 'network' });
    answer = () => new Response('bad gateway', { status: 502, statusText: 'Bad Gateway' });
    await expect(callApi(merchantAddShop, shop, { skipErrorHandler: true })).rejects.toMatchObject({ kind: 'http' });
    answer = () => ({ code: ErrorCode.IDEMPOTENCY_IN_PROGRESS, msg: 'in progress' });
    await expect(callApi(merchantAddShop, shop, { skipErrorHandler: true })).rejects.toMatchObject({
      code: ErrorCode.IDEMPOTENCY_IN_PROGRESS,
    });
    answer = () => ({ code: 200, data: null });
    await callApi(merchantAddShop, shop).catch(() => undefined);
    expect(new Set(calls.map(keyOf)).size).toBe(1);
  });

  it('starts a new key once the server has answered, and for other fields', async () => {
    let code = ErrorCode.SHOP_ID_TAKEN as number;
    const { calls } = mockFetch(() => ({ code, msg: 'taken' }));
    await expect(callApi(merchantAddShop, shop, { skipErrorHandler: true })).rejects.toMatchObject({
      code: ErrorCode.SHOP_ID_TAKEN,
    });
    code = 200;
    await callApi(merchantAddShop, shop).catch(() => undefined);
    await callApi(merchantAddShop, { ...shop, shop_id: 'store2' }).catch(() => undefined);
    const keys = calls.map(keyOf);
    expect(new Set(keys).size).toBe(3);
  });

  it('ignores the field order and the interface language of a body', async () => {
    const { calls } = mockFetch(() => new TypeError('offline'));
    await callApi(merchantAddShop, shop, { skipErrorHandler: true }).catch(() => undefined);
    const reordered = { package_id: 1, contact_email: 'a@example.com', shop_id: 'store1', shop_name: 'Store' };
    await callApi(merchantAddShop, reordered, { skipErrorHandler: true }).catch(() => undefined);
    expect(keyOf(calls[0]!)).toBe(keyOf(calls[1]!));
  });
});
