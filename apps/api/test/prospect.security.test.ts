import {
  addMessage,
  adminEditProspect,
  adminListProspects,
  PROSPECT_SUBMITS_PER_IP_PER_HOUR,
} from '@parlour/contract/calls/prospect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { messageFields, uniqueIp } from './notice-helper';
import { expectOk, signInAdmin } from './shop-helper';

describe('prospects: security', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    adminToken = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const countFrom = async (ip: string) => {
    const { list } = await expectOk(t.call(adminListProspects, { limit: 100 }, adminToken));
    return list.filter((row) => row.ip === ip).length;
  };

  describe('[THROTTLE]', () => {
    it('takes 5 messages per address per hour, then answers too many requests until the hour has passed', async () => {
      const ip = uniqueIp();
      for (let index = 0; index < PROSPECT_SUBMITS_PER_IP_PER_HOUR; index += 1) {
        expect((await t.call(addMessage, messageFields(), undefined, { ip })).code).toBe(200);
      }
      const refused = await t.callRaw<{ retry_after: number }>(
        addMessage,
        { ...messageFields(), lang_code: 'en-US' },
        undefined,
        { ip },
      );
      expect(refused).toMatchObject({ code: 10029, msg: 'Too many requests, please try again later' });
      expect(refused.data.retry_after).toBeGreaterThan(0);
      expect(await t.call(addMessage, { ...messageFields(), lang_code: 'zh-CN' }, undefined, { ip })).toMatchObject({
        code: 10029,
        msg: '操作过于频繁，请稍后再试',
      });
      expect(await countFrom(ip)).toBe(PROSPECT_SUBMITS_PER_IP_PER_HOUR);

      // Another address is not affected.
      expect((await t.call(addMessage, messageFields(), undefined, { ip: uniqueIp() })).code).toBe(200);
      t.clock.advance(3601);
      expect((await t.call(addMessage, messageFields(), undefined, { ip })).code).toBe(200);
    });

    it('holds the limit under simultaneous posts from one address', async () => {
      const ip = uniqueIp();
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => t.call(addMessage, messageFields(), undefined, { ip })),
      );
      expect(answers.filter((answer) => answer.code === 200)).toHaveLength(PROSPECT_SUBMITS_PER_IP_PER_HOUR);
      expect(answers.filter((answer) => answer.code === 10029)).toHaveLength(12 - PROSPECT_SUBMITS_PER_IP_PER_HOUR);
      expect(await countFrom(ip)).toBe(PROSPECT_SUBMITS_PER_IP_PER_HOUR);
    });

    it('invalid posts do not use up the allowance', async () => {
      const ip = uniqueIp();
      for (let index = 0; index < 8; index += 1)
        expect((await t.call(addMessage, messageFields({ contact: 'bad' }), undefined, { ip })).code).toBe(10001);
      expect((await t.call(addMessage, messageFields(), undefined, { ip })).code).toBe(200);
    });
  });

  describe('[PERMISSION]', () => {
    it('a merchant token is refused on the operator prospect calls, and no token is refused', async () => {
      const { token } = await registerMerchant(t);
      for (const path of [adminListProspects, adminEditProspect]) {
        expect((await t.call(path, { id: 1, remark: 'x' }, token)).code, path.path).toBe(10003);
        expect((await t.call(path, { id: 1, remark: 'x' })).code, path.path).toBe(10000);
      }
    });

    it('the message form needs no sign-in, and a signed-in caller gains nothing from it', async () => {
      const { token } = await registerMerchant(t);
      const ip = uniqueIp();
      expect((await t.call(addMessage, messageFields(), undefined, { ip })).code).toBe(200);
      expect(
        (
          await t.callRaw(
            addMessage,
            { ...messageFields(), status: 'followed_up', remark: 'forged', ip: '1.2.3.4' },
            token,
            { ip },
          )
        ).code,
      ).toBe(200);
      const { list } = await expectOk(t.call(adminListProspects, { limit: 100 }, adminToken));
      const mine = list.filter((row) => row.ip === ip);
      expect(mine).toHaveLength(2);
      expect(mine.every((row) => row.status === 'new' && row.remark === '')).toBe(true);
    });
  });
});
