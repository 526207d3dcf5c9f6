import { callUrl } from '@parlour/contract/call';
import { adminLogin } from '@parlour/contract/calls/account';
import { merchantCancelBill, merchantListBills } from '@parlour/contract/calls/bill';
import { adminAddNotice } from '@parlour/contract/calls/notice';
import { adminEditProspect } from '@parlour/contract/calls/prospect';
import { merchantListShops } from '@parlour/contract/calls/store';
import { adminSetPlanStatus } from '@parlour/contract/calls/traffic';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { storeWithKey } from './open-api-helper';
import { noticeFields } from './notice-helper';
import { signInAdmin } from './shop-helper';

/**
 * Input bounds (docs/SECURITY.md), case by case (the fuzz test in contract.fuzz.test.ts covers
 * every call): input that used to answer SERVER_ERROR answers VALIDATION_FAILED, its message naming
 * the field in the caller's language, and changes nothing.
 */

type Answer = { code: number; msg: string; data: unknown };

describe('[INPUT] hostile input is refused as a validation error naming the field', () => {
  let t: TestApp;
  let merchant: string;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '1000' } });
    merchant = (await registerMerchant(t)).token;
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  function expectRefused(answer: Answer, field: string, message: RegExp) {
    expect(answer.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(answer.msg).toMatch(message);
    expect((answer.data as { errors?: Array<{ field: string }> } | null)?.errors?.[0]?.field).toBe(field);
  }

  it('a NUL or a lone surrogate in any string: keywords, accounts, bill numbers, nested texts', async () => {
    for (const bad of ['a\u0000b', 'x\ud800', '\udfffy']) {
      expectRefused(
        await t.callRaw(merchantListShops, { keyword: bad, lang_code: 'en-US' }, merchant),
        'keyword',
        /^Search keyword contains a character that is not allowed/,
      );
      expectRefused(
        await t.callRaw(merchantListShops, { keyword: bad, lang_code: 'zh-CN' }, merchant),
        'keyword',
        /^搜索关键字含有不允许的字符/,
      );
      expectRefused(
        await t.callRaw(adminLogin, { account: `admin${bad}`, password: bad, lang_code: 'en-US' }),
        'account',
        /not allowed/,
      );
      expectRefused(
        await t.callRaw(merchantCancelBill, { bill_no: `B2026${bad}`, lang_code: 'en-US' }, merchant),
        'bill_no',
        /^Bill number contains/,
      );
      // Inside an operator's bilingual text: the field and its language are named.
      const notice = noticeFields({ content: { 'zh-CN': '内容', 'en-US': `Content ${bad}` }, lang_code: 'en-US' });
      expectRefused(
        await t.callRaw(adminAddNotice, notice, admin),
        'content.en-US',
        /^Content contains a character that is not allowed .* \(English\)$/,
      );
    }
  });

  it('an id of 2^31 or more, as a number or a string, and a page past int4', async () => {
    for (const id of [2 ** 31, '2147483648', 2 ** 32, 2 ** 53 - 1]) {
      expectRefused(await t.callRaw(adminEditProspect, { id, remark: 'x', lang_code: 'en-US' }, admin), 'id', /./);
      expectRefused(
        await t.callRaw(adminSetPlanStatus, { id, status: 'enabled', lang_code: 'zh-CN' }, admin),
        'id',
        /./,
      );
    }
    expectRefused(await t.callRaw(merchantListShops, { page: 2 ** 31, lang_code: 'en-US' }, merchant), 'page', /^Page/);
    // The largest int4 id is a valid id: it is simply not found.
    expect((await t.callRaw(adminEditProspect, { id: 2 ** 31 - 1, remark: 'x' }, admin)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('a day that does not exist in a date filter', async () => {
    expectRefused(
      await t.callRaw(merchantListBills, { start_date: '2026-64-49', lang_code: 'en-US' }, merchant),
      'start_date',
      /./,
    );
  });

  it('JSON nested 20,000 deep, on a call, the payment notification and the Open API, before it is parsed', async () => {
    const store = await storeWithKey(t);
    const deep = `{"lang_code":"en-US","keyword":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const notify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/notify/sandbox',
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect((notify.json() as Answer).code).toBe(ErrorCode.MALFORMED_REQUEST);
    const targets = [
      { url: callUrl(merchantListShops), headers: { authorization: `Bearer ${merchant}` } },
      { url: '/open/v1/taobao/item_get', headers: { 'x-api-key': store.key } },
    ];
    for (const { url, headers } of targets) {
      for (const lang of ['en-US', 'zh-CN']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          payload: deep,
          headers: { ...headers, 'content-type': 'application/json', 'accept-language': lang },
        });
        expect(response.statusCode).toBe(200);
        expectRefused(
          response.json() as Answer,
          'keyword',
          lang === 'en-US' ? /^Search keyword is nested too deeply/ : /^搜索关键字嵌套层级过深/,
        );
      }
    }
    // The payment notification takes 16 KiB at most (docs/SECURITY.md, Unauthenticated endpoints),
    // so 20,000 levels (40 KB) are refused by size; 5,000 levels (10 KB) fit and are refused by
    // depth, before they are parsed.
    const fitting = `{"lang_code":"en-US","keyword":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/notify/sandbox',
      payload: fitting,
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    });
    expectRefused(response.json() as Answer, 'keyword', /^Search keyword is nested too deeply/);
    // Nesting a call really takes is read as before.
    expect((await t.callRaw(merchantListShops, { keyword: 'a', lang_code: 'en-US' }, merchant)).code).toBe(
      ErrorCode.OK,
    );
  });

  it('a payment notification holding a NUL or a lone surrogate is refused and recorded without its text', async () => {
    for (const body of [
      { bill_no: 'B1\u0000', sign: 'x' },
      { bill_no: 'B1', 'key\ud800': 'x' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/notify/sandbox',
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
    }
    const { rows } = await t.database.executeSql(
      "select payload from payment_notifications where result = 'refused' order by id desc limit 2",
    );
    expect(rows.map((row) => (row as { payload: unknown }).payload)).toEqual([
      { unsafe_character_in: '?' },
      { unsafe_character_in: 'bill_no' },
    ]);
  });
});
