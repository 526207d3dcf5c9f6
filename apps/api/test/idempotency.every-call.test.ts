import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { allCalls } from '@parlour/contract/calls/all';
import {
  ALL_TERMS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  LOG_PLATFORMS,
} from '@parlour/contract/constants';
import { ErrorCode } from '@parlour/contract/errors';
import {
  adminAddShop,
  adminBackendRedirect,
  adminEditVersionFunctions,
  adminEditVersionPrices,
  adminListShops,
  adminRenewShop,
  adminSetShopStatus,
  merchantAddShop,
  merchantBackendRedirect,
  merchantBuyShop,
  merchantListShops,
  merchantRenewShop,
} from '@parlour/contract/calls/store';
import {
  adminAddPlan,
  adminEditPlan,
  adminSetPlanStatus,
  merchantCreatePackageOrder,
} from '@parlour/contract/calls/traffic';
import {
  adminAddDataSource,
  adminAddOpenApi,
  adminDeleteDataSource,
  adminEditDataSource,
  adminEditOpenApi,
  adminPurgeProductCache,
  adminEditProductDataConfig,
  adminEnableDataSource,
  adminGetProductDataConfig,
  merchantRotateShopKey,
} from '@parlour/contract/calls/open-core';
import { addMessage, adminEditProspect } from '@parlour/contract/calls/prospect';
import {
  adminCaptcha,
  adminLogin,
  adminLogout,
  checkEmailCode,
  checkMobileCode,
  merchantCaptcha,
  merchantForgotPassword,
  merchantLogin,
  merchantLogout,
  merchantMobileForgotPassword,
  merchantMobileRegister,
  merchantRegister,
  sendEmailCode,
  sendMobileCode,
} from '@parlour/contract/calls/account';
import {
  adminChangePassword,
  adminEndOtherSessions,
  adminEndSession,
  merchantChangePassword,
  adminListSessions,
  adminLoginTwoFactor,
  adminTwoFactorDisable,
  adminTwoFactorEnable,
  adminTwoFactorSetup,
  merchantDismissSuspensionNotices,
  merchantEndOtherSessions,
  merchantEndSession,
  merchantListSessions,
} from '@parlour/contract/calls/account-security';
import { adminRefundBill, cashierSubmit, merchantCancelBill, merchantPayPage } from '@parlour/contract/calls/bill';
import { adminAddMerchant, adminEditMerchant } from '@parlour/contract/calls/merchant-admin';
import {
  adminAddNotice,
  adminDeleteNotice,
  adminEditNotice,
  merchantMarkNoticesRead,
} from '@parlour/contract/calls/notice';
import {
  adminPaymentSettings,
  adminSetPaymentSettings,
  adminTestPaymentConnection,
} from '@parlour/contract/calls/payment-settings';
import {
  adminConfigList,
  adminSetConfig,
  adminTestSendEmail,
  adminTestSendSms,
  adminTestSendWecom,
} from '@parlour/contract/calls/settings';
import { adminRetryJob } from '@parlour/contract/calls/operations';
import { adminExchangeRatesEdit, merchantStorePricingEdit } from '@parlour/contract/calls/store-pricing';
import {
  merchantStorePickAdd,
  merchantStorePickMove,
  merchantStorePickDelete,
} from '@parlour/contract/calls/store-picks';
import { merchantStoreShippingEdit } from '@parlour/contract/calls/store-shipping';
import { merchantBuyerGuideEdit, merchantLiveChatEdit } from '@parlour/contract/calls/plugin-settings';
import { adminSiteConfigEdit, merchantSiteConfigEdit } from '@parlour/contract/calls/store-site-config';
import {
  adminAddDomain,
  adminChangeMainDomain,
  adminCheckDomain,
  adminDeleteDomain,
  adminSetDomainRedirect,
  merchantAddDomain,
  merchantChangeMainDomain,
  merchantCheckDomain,
  merchantDeleteDomain,
  merchantSetDomainRedirect,
} from '@parlour/contract/calls/domain';
import {
  adminAddPlugin,
  adminAddPluginType,
  adminDeletePluginType,
  adminEditPlugin,
  adminEditPluginType,
  adminSetPluginStatus,
  merchantAddShopPlugin,
  merchantSetShopPluginStatus,
} from '@parlour/contract/calls/plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFailingQueue, type FailingQueue } from './operations-helper';
import {
  buildTestApp,
  GOOD_PASSWORD,
  OTHER_PASSWORD,
  registerMerchant,
  registerMobileMerchant,
  uniqueEmail,
  uniqueMobile,
  type TestApp,
  type TestClock,
} from './helper';
import { addNotice, messageFields, noticeFields, uniqueIp } from './notice-helper';
import { fakeDnsChecker, uniqueDomain } from './domain-helper';
import { grantPackage, revealKey, shopRefOf } from './open-api-helper';
import { startFakeAliyunSms, startFakeSmtp, startFakeWecom } from './settings-fakes';
import {
  cashierToken,
  expectOk,
  merchantWithStore,
  payThroughCashier,
  shopFields,
  signInAdmin,
  VERSION,
} from './shop-helper';
import { PLAN, planFields } from './traffic-package-helper';
import { addPlugin, addPluginType, pluginFields } from './plugin-helper';

/**
 * Every writing call of the contract (`isWrite: true`) honours an Idempotency-Key: the same key sent
 * twice in a row, and the same key sent 20 times at once, runs the call once and answers the first
 * answer byte for byte (the repeats marked `idempotent-replayed: true`). Where a second run would
 * show (one more merchant, store, bill, message, notice, session …), the effect is counted too.
 *
 * Each writing call needs a scenario below; a call added to the contract later fails this file until
 * it gets one.
 *
 * The same scenarios hold the audit log (docs/audit-log.md): every operator writing call that ran
 * writes at least one audit row naming the call, the operator and the request's IP, and its replays
 * write none.
 */

type Answer = { code: number; msg: string; data: unknown };
type Body = Record<string, unknown>;

/** What one key sends, and what must hold once all its requests are answered. */
interface Attempt {
  body: Body;
  token?: string;
  ip?: string;
  /** The call's effect happened once (called with the first, not replayed, answer). */
  verify?: (answer: Answer) => Promise<void>;
}

interface Scenario {
  /**
   * Sets up what one key needs and answers its request. Called once for the sequential key
   * (round 0) and once for the concurrent key (round 1), so a call that can only succeed once per
   * thing (register an address, pay a bill, delete a notice) gets a fresh thing for each key.
   */
  attempt: (round: 0 | 1) => Promise<Attempt>;
  /**
   * Logout: its first run revokes the very session the repeats authenticate with. Authentication
   * comes before the key is looked at (a key never lets a caller skip it), so a repeat that arrives
   * after the revocation answers TOKEN_EXPIRED instead of the replay: the sequential repeat always
   * does. Of 20 at once, those authenticated before the revocation wait and get the replay, the
   * others TOKEN_EXPIRED; which is which depends on the database's timing (on PGlite, which runs one
   * query at a time, the one run finished before the 19 others authenticated, so all 19 answered
   * TOKEN_EXPIRED; on PostgreSQL all 20 authenticated first and 19 got the replay). What must hold:
   * one run, every other answer either its replay or TOKEN_EXPIRED, never a second success.
   */
  revokesOwnSession?: boolean;
}

const CONCURRENT_REQUESTS = 20;
const ADMIN_PASSWORD = 'Admin@2026';
const SMTP_ACCOUNT = { user: 'mailer@parlour.test', password: 'smtp-Pass-7f3a' };
const ALIYUN = {
  accessKeyId: 'LTAI5tTestKeyId01',
  accessKeySecret: 'aliyun-Secret-9c1d',
  signName: '阿里云短信测试',
  templateCode: 'SMS_154950909',
};
const WECOM_KEY = '693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa';

const writePaths = allCalls.filter((call) => call.isWrite).map((call) => call.path);
/** Operator writing calls: each must leave an audit row (sign-in and its captcha come before there is an operator). */
const auditedPaths = new Set(
  allCalls.filter((call) => call.isWrite && call.role === 'admin' && call.isAuthenticated).map((call) => call.path),
);

/**
 * A clock that moves one millisecond at each reading: two runs of a call never stamp the same time,
 * so a double run of any call that answers a timestamp (created_at, updated_at, expires_at …) would
 * answer differently and fail the byte-for-byte comparison.
 */
function tickingClock(): TestClock {
  let current = Date.now();
  return {
    now: () => new Date((current += 1)),
    advance(seconds: number) {
      current += seconds * 1000;
    },
  };
}

let t: TestApp;
let admin: string;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let wecom: Awaited<ReturnType<typeof startFakeWecom>>;
let aliyun: Awaited<ReturnType<typeof startFakeAliyunSms>>;
let failingQueue: FailingQueue;
/** A merchant with a paid, provisioned store, for the calls on an existing store and on its account. */
let owner: { id: number; email: string; token: string; shopId: string };

interface Sent {
  raw: string;
  answer: Answer;
  isReplayed: boolean;
  replayedHeader: unknown;
}

async function send(path: string, attempt: Attempt, key: string): Promise<Sent> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${path}`,
    payload: attempt.body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: key, ...(attempt.token ? { authorization: `Bearer ${attempt.token}` } : {}) },
    ...(attempt.ip ? { remoteAddress: attempt.ip } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  const replayedHeader = response.headers[IDEMPOTENT_REPLAYED_HEADER];
  return {
    raw: response.body,
    answer: response.json() as Answer,
    isReplayed: replayedHeader === 'true',
    replayedHeader,
  };
}

async function count(sql: string, values: unknown[] = []) {
  const { rows } = await t.database.executeSql(sql, values);
  return Number((rows[0] as { n: unknown }).n);
}
async function one<T>(sql: string, values: unknown[] = []) {
  const { rows } = await t.database.executeSql(sql, values);
  expect(rows).toHaveLength(1);
  return rows[0] as T;
}

/** Memoised setup shared by both rounds of a scenario. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

async function unpaidPurchase(token: string) {
  return expectOk(
    t.call(merchantBuyShop, { ...shopFields(), term_type: 'month', term: 1, pay_method: 'alipay' }, token),
  );
}
const sessionsOf = (role: 'merchant' | 'admin', userId: number) =>
  count('select count(*) as n from sessions where role = $1 and user_id = $2', [role, userId]);
const adminId = once(async () =>
  Number((await one<{ id: number }>("select id from admins where account = 'admin'")).id),
);

/** The owner's store with units for its picks' lookups. */
const picksStore = once(async () => {
  const ids = await shopRefOf(t, owner.shopId);
  await grantPackage(t, { merchantId: ids.merchantId, shopRef: ids.shopRef, units: 100 });
  return ids;
});
/** A pick written directly, last in its store's order; answers its id. */
async function insertPick(shopRef: number, itemId: string) {
  return Number(
    (
      await one<{ id: number }>(
        `insert into store_picks (shop_ref, platform, item_id, title, image, price_min, price_max, sort)
         values ($1, 'jd', $2, 'Pick', '', 100, 100, (select coalesce(max(sort), 0) + 1 from store_picks where shop_ref = $1))
         returning id`,
        [shopRef, itemId],
      )
    ).id,
  );
}

/** Merchants for the scenarios that need their own (store limit, one trial per merchant). */
const adminAddTarget = once(() => registerMerchant(t));
const canceller = once(() => registerMerchant(t));
const payer = once(() => registerMerchant(t));
const cashierPayer = once(() => registerMerchant(t));
const buyer = once(() => registerMerchant(t));
const loginMerchant = once(() => registerMerchant(t));
/** A new operator account signed in with its password, for the two-factor scenarios. */
async function freshOperator() {
  const account = `2fa-${randomUUID().slice(0, 8)}`;
  await t.app.services.accounts.ensureAdmin(account, 'Admin@2026');
  const token = (await expectOk(t.call(adminLogin, { account, password: 'Admin@2026' }))).userinfo.token;
  const id = Number((await one<{ id: number }>('select id from admins where account = $1', [account])).id);
  return { account, token, id };
}
/** The authenticator code at the test clock's time. */
function totpOf(secret: string) {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
}
/** An operator with two-factor sign-in on (its enrolment code's step used, the clock moved past it). */
async function enrolledOperator() {
  const operator = await freshOperator();
  const setup = await expectOk(t.call(adminTwoFactorSetup, {}, operator.token));
  const { recovery_codes: recoveryCodes } = await expectOk(
    t.call(adminTwoFactorEnable, { code: await totpOf(setup.secret) }, operator.token),
  );
  t.clock.advance(30);
  return { ...operator, secret: setup.secret, recoveryCodes };
}
/** A session of an operator account used only by the sessions scenarios. */
async function sessionsOperatorToken() {
  await t.app.services.accounts.ensureAdmin('sessions-operator', 'Admin@2026');
  return (await expectOk(t.call(adminLogin, { account: 'sessions-operator', password: 'Admin@2026' }))).userinfo.token;
}
const editedMerchant = once(() => registerMerchant(t));
const statusStore = once(() => merchantWithStore(t));

const pricedVersion = once(async () =>
  expectOk(
    t.call(adminEditVersionFunctions, { name: `Priced ${randomUUID().slice(0, 8)}`, status: 'disabled' }, admin),
  ),
);
const editedNotice = once(() => addNotice(t, admin));
const editedPlan = once(() => expectOk(t.call(adminAddPlan, planFields(), admin)));
const switchedPlan = once(() => expectOk(t.call(adminAddPlan, planFields(), admin)));
const editedPlugin = once(() => addPlugin(t, admin));
const switchedPlugin = once(() => addPlugin(t, admin));
const editedPluginType = once(() => addPluginType(t, admin));
/** A free plugin installed on the owner's store, switched off and on by the up_status scenario. */
const installedPlugin = once(async () => {
  const plugin = await addPlugin(t, admin, { price: 0, trial_days: 0 });
  await expectOk(t.call(merchantAddShopPlugin, { shop_id: owner.shopId, plugin_id: plugin.id }, owner.token));
  return plugin;
});
const editedApi = once(() =>
  expectOk(
    t.call(
      adminAddOpenApi,
      { platform: 'jd', code: `idem_edit_${Date.now().toString(36)}`, name: 'To edit', cost: 1 },
      admin,
    ),
  ),
);
const followedProspect = once(async () => {
  const fields = messageFields({ content: `Lead to follow up ${randomUUID()}` });
  await expectOk(t.call(addMessage, fields, undefined, { ip: uniqueIp() }));
  return Number((await one<{ id: number }>('select id from prospects where content = $1', [fields.content])).id);
});

/** The id of the data source of `platform`, added first when an earlier scenario deleted it. */
async function dataSourceOf(platform: (typeof LOG_PLATFORMS)[number]) {
  const { rows } = await t.database.executeSql('select id from data_sources where platform = $1', [platform]);
  if (rows.length > 0) return Number((rows[0] as { id: number }).id);
  return (await expectOk(t.call(adminAddDataSource, { platform, name: `Source ${platform}` }, admin))).id;
}

/** A store per role for the domain scenarios (each round adds to it; its limit is raised). */
const domainStores = { merchant: once(() => merchantWithStore(t)), admin: once(() => merchantWithStore(t)) };
const domainCountOf = (domain: string) => count('select count(*) as n from shop_domains where domain = $1', [domain]);

/**
 * The domain calls of one role: add (a second run would say the domain exists), check (binds once),
 * change_main, set_redirect and delete (a second run would find it gone), each on a fresh domain.
 */
function domainScenarios(role: 'merchant' | 'admin'): Record<string, Scenario> {
  const calls =
    role === 'merchant'
      ? {
          add: merchantAddDomain,
          check: merchantCheckDomain,
          changeMain: merchantChangeMainDomain,
          setRedirect: merchantSetDomainRedirect,
          remove: merchantDeleteDomain,
        }
      : {
          add: adminAddDomain,
          check: adminCheckDomain,
          changeMain: adminChangeMainDomain,
          setRedirect: adminSetDomainRedirect,
          remove: adminDeleteDomain,
        };
  const store = async () => {
    const made = await domainStores[role]();
    await t.database.executeSql(
      'update store_versions set domain_limit = 100 where id = (select version_id from shops where shop_id = $1)',
      [made.shopId],
    );
    return made;
  };
  const tokenOf = async () => (role === 'merchant' ? (await store()).token : admin);
  const added = async (prefix: string) => {
    const { shopId, token } = await store();
    return expectOk(t.call(merchantAddDomain, { shop_id: shopId, domain: uniqueDomain(prefix) }, token));
  };
  const domainRow = (id: number) =>
    one<{ status: string; is_primary: boolean; is_redirect: boolean }>(
      'select status, is_primary, is_redirect from shop_domains where id = $1',
      [id],
    );
  return {
    [calls.add.path]: {
      async attempt() {
        const { shopId } = await store();
        const domain = uniqueDomain('idem-add');
        return {
          body: { shop_id: shopId, domain },
          token: await tokenOf(),
          async verify() {
            expect(await domainCountOf(domain)).toBe(1);
          },
        };
      },
    },
    [calls.check.path]: {
      async attempt() {
        const domain = await added('ok-idem-check');
        return {
          body: { id: domain.id },
          token: await tokenOf(),
          async verify() {
            expect(await domainRow(domain.id)).toMatchObject({ status: 'bound' });
          },
        };
      },
    },
    [calls.changeMain.path]: {
      async attempt() {
        const domain = await added('ok-idem-main');
        await expectOk(t.call(merchantCheckDomain, { id: domain.id }, (await store()).token));
        return {
          body: { id: domain.id },
          token: await tokenOf(),
          async verify() {
            expect(await domainRow(domain.id)).toMatchObject({ is_primary: true });
            expect(
              await count(
                'select count(*) as n from shop_domains d join shops s on s.id = d.shop_ref where s.shop_id = $1 and d.is_primary',
                [(await store()).shopId],
              ),
            ).toBe(1);
          },
        };
      },
    },
    [calls.setRedirect.path]: {
      async attempt() {
        const domain = await added('idem-redirect');
        return {
          body: { id: domain.id, is_redirect: true },
          token: await tokenOf(),
          async verify() {
            expect(await domainRow(domain.id)).toMatchObject({ is_redirect: true });
          },
        };
      },
    },
    [calls.remove.path]: {
      async attempt() {
        const domain = await added('idem-delete');
        return {
          body: { id: domain.id },
          token: await tokenOf(),
          async verify() {
            expect(await domainCountOf(domain.domain)).toBe(0);
          },
        };
      },
    },
  };
}

const scenarios: Record<string, Scenario> = {
  // ---------- accounts ----------
  [merchantLogin.path]: {
    async attempt() {
      const merchant = await loginMerchant();
      const before = await sessionsOf('merchant', merchant.id);
      return {
        body: { account: merchant.email, password: merchant.password },
        async verify() {
          expect(await sessionsOf('merchant', merchant.id)).toBe(before + 1);
        },
      };
    },
  },
  [merchantLogout.path]: {
    revokesOwnSession: true,
    async attempt() {
      const merchant = await loginMerchant();
      const token = (await expectOk(t.call(merchantLogin, { account: merchant.email, password: merchant.password })))
        .userinfo.token;
      return {
        body: {},
        token,
        async verify() {
          expect((await t.call(merchantListShops, {}, token)).code).toBe(ErrorCode.TOKEN_EXPIRED);
        },
      };
    },
  },
  [merchantRegister.path]: {
    async attempt() {
      const email = uniqueEmail('idem-register');
      await expectOk(t.call(sendEmailCode, { email, event: 'register' }));
      return {
        body: {
          email,
          code: t.mail.lastCodeTo(email),
          password: GOOD_PASSWORD,
          confirm_password: GOOD_PASSWORD,
          agree: true,
        },
        async verify() {
          const { id } = await one<{ id: number }>('select id from merchants where email = $1', [email]);
          expect(await sessionsOf('merchant', Number(id))).toBe(1);
        },
      };
    },
  },
  [merchantMobileRegister.path]: {
    async attempt() {
      const mobile = uniqueMobile();
      await expectOk(t.call(sendMobileCode, { mobile, event: 'register' }));
      return {
        body: {
          mobile,
          code: t.sms.lastCodeTo(mobile),
          password: GOOD_PASSWORD,
          confirm_password: GOOD_PASSWORD,
          agree: true,
        },
        async verify() {
          const { id } = await one<{ id: number }>('select id from merchants where mobile = $1', [mobile]);
          expect(await sessionsOf('merchant', Number(id))).toBe(1);
        },
      };
    },
  },
  [merchantForgotPassword.path]: {
    // A second run would find its code used up (CODE_INVALID); every answer must be the success.
    async attempt() {
      const merchant = await registerMerchant(t);
      await expectOk(t.call(sendEmailCode, { email: merchant.email, event: 'forgot' }));
      return {
        body: {
          email: merchant.email,
          code: t.mail.lastCodeTo(merchant.email),
          password: OTHER_PASSWORD,
          confirm_password: OTHER_PASSWORD,
        },
        async verify() {
          expect((await t.call(merchantLogin, { account: merchant.email, password: OTHER_PASSWORD })).code).toBe(200);
        },
      };
    },
  },
  [merchantMobileForgotPassword.path]: {
    async attempt() {
      const merchant = await registerMobileMerchant(t);
      await expectOk(t.call(sendMobileCode, { mobile: merchant.mobile, event: 'forgot' }));
      return {
        body: {
          mobile: merchant.mobile,
          code: t.sms.lastCodeTo(merchant.mobile),
          password: OTHER_PASSWORD,
          confirm_password: OTHER_PASSWORD,
        },
        async verify() {
          expect((await t.call(merchantLogin, { account: merchant.mobile, password: OTHER_PASSWORD })).code).toBe(200);
        },
      };
    },
  },
  [sendEmailCode.path]: {
    // A fresh address per key: the per-address resend throttle would refuse a second send anyway.
    async attempt() {
      const email = uniqueEmail('idem-code');
      return {
        body: { email, event: 'register' },
        async verify() {
          expect(t.mail.sent.filter((message) => message.to === email)).toHaveLength(1);
          expect(await count('select count(*) as n from verification_codes where target = $1', [email])).toBe(1);
        },
      };
    },
  },
  [sendMobileCode.path]: {
    async attempt() {
      const mobile = uniqueMobile();
      return {
        body: { mobile, event: 'register' },
        async verify() {
          expect(t.sms.sent.filter((message) => message.mobile === mobile)).toHaveLength(1);
          expect(await count('select count(*) as n from verification_codes where target = $1', [mobile])).toBe(1);
        },
      };
    },
  },
  [checkEmailCode.path]: {
    async attempt() {
      const email = uniqueEmail('idem-check');
      await expectOk(t.call(sendEmailCode, { email, event: 'register' }));
      return {
        body: { email, code: t.mail.lastCodeTo(email), event: 'register' },
        async verify() {
          // Checking does not use the code up.
          expect(await one('select attempts, consumed_at from verification_codes where target = $1', [email])).toEqual({
            attempts: 0,
            consumed_at: null,
          });
        },
      };
    },
  },
  [checkMobileCode.path]: {
    async attempt() {
      const mobile = uniqueMobile();
      await expectOk(t.call(sendMobileCode, { mobile, event: 'register' }));
      return {
        body: { mobile, code: t.sms.lastCodeTo(mobile), event: 'register' },
        async verify() {
          expect(await one('select attempts, consumed_at from verification_codes where target = $1', [mobile])).toEqual(
            { attempts: 0, consumed_at: null },
          );
        },
      };
    },
  },
  [merchantCaptcha.path]: captchaScenario(),
  [adminLogin.path]: {
    async attempt() {
      const id = await adminId();
      const before = await sessionsOf('admin', id);
      return {
        body: { account: 'admin', password: ADMIN_PASSWORD },
        async verify() {
          expect(await sessionsOf('admin', id)).toBe(before + 1);
        },
      };
    },
  },
  [adminLogout.path]: {
    revokesOwnSession: true,
    async attempt() {
      const token = await signInAdmin(t);
      return {
        body: {},
        token,
        async verify() {
          expect((await t.call(adminListShops, {}, token)).code).toBe(ErrorCode.TOKEN_EXPIRED);
        },
      };
    },
  },
  [adminCaptcha.path]: captchaScenario(),

  // ---------- store versions and stores ----------
  [adminEditVersionFunctions.path]: {
    // Without an id the call creates a version: a double run would create two.
    async attempt() {
      const name = `Idem ${randomUUID().slice(0, 8)}`;
      return {
        body: {
          name,
          description: 'Created once',
          features: ['One store'],
          trial_days: 3,
          status: 'disabled',
          sort: 900,
        },
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from store_versions where name = $1', [name])).toBe(1);
        },
      };
    },
  },
  [adminEditVersionPrices.path]: {
    async attempt(round) {
      const version = await pricedVersion();
      const prices = ALL_TERMS.map((term, index) => ({
        type: term.type,
        term: term.term,
        amount: 1000 * (index + 1) + round,
      }));
      return {
        body: { id: version.id, currency: 'CNY', prices },
        token: admin,
        async verify() {
          const row = await one<{ prices: unknown }>('select prices from store_versions where id = $1', [version.id]);
          expect(row.prices).toEqual(prices);
        },
      };
    },
  },
  [merchantAddShop.path]: {
    // A merchant has one trial: a fresh merchant per key.
    async attempt() {
      const merchant = await registerMerchant(t);
      const fields = shopFields();
      return {
        body: fields,
        token: merchant.token,
        async verify() {
          expect(await count('select count(*) as n from shops where merchant_id = $1', [merchant.id])).toBe(1);
          expect(await count('select count(*) as n from shops where shop_id = $1', [fields.shop_id])).toBe(1);
        },
      };
    },
  },
  [merchantBuyShop.path]: {
    async attempt() {
      const merchant = await buyer();
      const before = {
        shops: await count('select count(*) as n from shops where merchant_id = $1', [merchant.id]),
        bills: await count('select count(*) as n from bills where merchant_id = $1', [merchant.id]),
      };
      const fields = shopFields();
      return {
        body: { ...fields, term_type: 'month', term: 1, pay_method: 'alipay' },
        token: merchant.token,
        async verify() {
          expect(await count('select count(*) as n from shops where merchant_id = $1', [merchant.id])).toBe(
            before.shops + 1,
          );
          expect(await count('select count(*) as n from bills where merchant_id = $1', [merchant.id])).toBe(
            before.bills + 1,
          );
          expect(
            await count('select count(*) as n from bills where shop_ref = (select id from shops where shop_id = $1)', [
              fields.shop_id,
            ]),
          ).toBe(1);
        },
      };
    },
  },
  [merchantRenewShop.path]: {
    // A store has one unpaid renewal bill at a time (a second run would answer ORDER_EXISTS): a fresh store per key.
    async attempt() {
      const store = await merchantWithStore(t);
      return {
        // Into a higher version (docs/payments.md): one bill, for that version.
        body: {
          shop_id: store.shopId,
          pay_method: 'alipay',
          term_type: 'month',
          term: 3,
          package_id: VERSION.enterprise,
        },
        token: store.token,
        async verify() {
          expect(
            await count(
              "select count(*) as n from bills where type = 'renewal' and shop_ref = (select id from shops where shop_id = $1)",
              [store.shopId],
            ),
          ).toBe(1);
          expect(
            await count(
              "select count(*) as n from bills where type = 'renewal' and version_id = $2 and shop_ref = (select id from shops where shop_id = $1)",
              [store.shopId, VERSION.enterprise],
            ),
          ).toBe(1);
        },
      };
    },
  },
  [merchantBackendRedirect.path]: ticketScenario('merchant'),
  [adminAddShop.path]: {
    async attempt() {
      const merchant = await adminAddTarget();
      const fields = shopFields();
      return {
        body: {
          ...fields,
          merchant_id: merchant.id,
          mode: 'offline',
          term_type: 'month',
          term: 1,
          remark: 'Paid by bank transfer',
        },
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from shops where shop_id = $1', [fields.shop_id])).toBe(1);
          expect(
            await count(
              "select count(*) as n from bills where channel = 'offline' and shop_ref = (select id from shops where shop_id = $1)",
              [fields.shop_id],
            ),
          ).toBe(1);
        },
      };
    },
  },
  [adminBackendRedirect.path]: ticketScenario('admin'),
  [adminRenewShop.path]: {
    // Every run records another paid renewal and extends the store again.
    async attempt() {
      const before = await count(
        "select count(*) as n from bills where type = 'renewal' and shop_ref = (select id from shops where shop_id = $1)",
        [owner.shopId],
      );
      return {
        body: { shop_id: owner.shopId, term_type: 'month', term: 1, remark: 'Renewed offline' },
        token: admin,
        async verify() {
          expect(
            await count(
              "select count(*) as n from bills where type = 'renewal' and shop_ref = (select id from shops where shop_id = $1)",
              [owner.shopId],
            ),
          ).toBe(before + 1);
        },
      };
    },
  },
  [adminSetShopStatus.path]: {
    async attempt(round) {
      const store = await statusStore();
      const isDisabled = round === 0;
      return {
        body: {
          shop_id: store.shopId,
          is_disabled: isDisabled,
          remark: isDisabled ? 'Disabled for review' : 'Review passed',
        },
        token: admin,
        async verify() {
          expect(await one('select is_disabled_by_operator from shops where shop_id = $1', [store.shopId])).toEqual({
            is_disabled_by_operator: isDisabled,
          });
        },
      };
    },
  },

  // ---------- domains ----------
  ...domainScenarios('merchant'),
  ...domainScenarios('admin'),

  // ---------- bills and the sandbox cashier ----------
  [merchantCancelBill.path]: {
    // A second run would answer BILL_STATE_INVALID: a fresh unpaid bill per key.
    async attempt() {
      const merchant = await canceller();
      const { bill } = await unpaidPurchase(merchant.token);
      return {
        body: { bill_no: bill.bill_no },
        token: merchant.token,
        async verify() {
          expect(await one('select status from bills where bill_no = $1', [bill.bill_no])).toEqual({
            status: 'cancelled',
          });
        },
      };
    },
  },
  [merchantPayPage.path]: {
    async attempt() {
      const merchant = await payer();
      const { bill } = await unpaidPurchase(merchant.token);
      return {
        body: { bill_no: bill.bill_no, pay_method: 'wechat' },
        token: merchant.token,
        async verify() {
          expect(await one('select pay_method from bills where bill_no = $1', [bill.bill_no])).toEqual({
            pay_method: 'wechat',
          });
        },
      };
    },
  },
  [cashierSubmit.path]: {
    // Paid once: one provider notification, the bill paid, and no repeat answering BILL_STATE_INVALID.
    async attempt() {
      const merchant = await cashierPayer();
      const { payment } = await unpaidPurchase(merchant.token);
      return {
        body: { bill_no: payment.bill_no, token: cashierToken(payment.pay_url), outcome: 'paid' },
        async verify() {
          expect(await one('select status from bills where bill_no = $1', [payment.bill_no])).toEqual({
            status: 'paid',
          });
          const { rows } = await t.database.executeSql('select result from payment_notifications where bill_no = $1', [
            payment.bill_no,
          ]);
          expect(rows).toEqual([{ result: 'fulfilled' }]);
        },
      };
    },
  },

  [adminRefundBill.path]: {
    // Refunded once: one refund through the provider, one refund record, the bill refunded; no repeat answers BILL_REFUNDED.
    async attempt() {
      const merchant = await registerMerchant(t);
      const { payment } = await unpaidPurchase(merchant.token);
      await expectOk(payThroughCashier(t, payment));
      return {
        body: { bill_no: payment.bill_no, reason: 'Refund asked for by the merchant' },
        token: admin,
        async verify() {
          expect(await one('select status from bills where bill_no = $1', [payment.bill_no])).toEqual({
            status: 'refunded',
          });
          const { rows } = await t.database.executeSql(
            "select result from payment_notifications where bill_no = $1 and kind = 'refund'",
            [payment.bill_no],
          );
          expect(rows).toEqual([{ result: 'refunded' }]);
        },
      };
    },
  },

  // ---------- the operator's merchants ----------
  [adminAddMerchant.path]: {
    async attempt() {
      const email = uniqueEmail('idem-added');
      return {
        body: { email, password: GOOD_PASSWORD, nickname: 'Added once', type: 'enterprise' },
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from merchants where email = $1', [email])).toBe(1);
        },
      };
    },
  },
  [adminEditMerchant.path]: {
    async attempt(round) {
      const merchant = await editedMerchant();
      const nickname = `Edited ${round}`;
      return {
        body: { id: merchant.id, nickname, remark: `Edit round ${round}` },
        token: admin,
        async verify() {
          expect(await one('select nickname from merchants where id = $1', [merchant.id])).toEqual({ nickname });
        },
      };
    },
  },

  // ---------- notices ----------
  [adminAddNotice.path]: {
    async attempt() {
      const fields = noticeFields();
      return {
        body: fields,
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from notices where title = $1', [fields.title])).toBe(1);
        },
      };
    },
  },
  [adminEditNotice.path]: {
    async attempt() {
      const notice = await editedNotice();
      const fields = noticeFields({ is_pinned: true });
      return {
        body: { id: notice.id, ...fields },
        token: admin,
        async verify() {
          expect(await one('select title from notices where id = $1', [notice.id])).toEqual({ title: fields.title });
        },
      };
    },
  },
  [adminDeleteNotice.path]: {
    // A second run would answer NOT_FOUND: a fresh notice per key.
    async attempt() {
      const notice = await addNotice(t, admin);
      return {
        body: { id: notice.id },
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from notices where id = $1', [notice.id])).toBe(0);
        },
      };
    },
  },
  [merchantMarkNoticesRead.path]: {
    async attempt() {
      const notice = await addNotice(t, admin);
      return {
        body: { ids: [notice.id] },
        token: owner.token,
        async verify() {
          expect(
            await count('select count(*) as n from notice_reads where merchant_id = $1 and notice_id = $2', [
              owner.id,
              notice.id,
            ]),
          ).toBe(1);
        },
      };
    },
  },

  [merchantDismissSuspensionNotices.path]: {
    async attempt() {
      // A merchant disabled and enabled again, signed in afresh (enabling ends its sessions).
      const merchant = await registerMerchant(t);
      await expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'disabled' }, admin));
      await expectOk(t.call(adminEditMerchant, { id: merchant.id, status: 'active' }, admin));
      const token = (await expectOk(t.call(merchantLogin, { account: merchant.email, password: merchant.password })))
        .userinfo.token;
      return {
        body: {},
        token,
        async verify() {
          expect(
            await count(
              'select count(*) as n from merchant_suspensions where merchant_id = $1 and seen_at is not null',
              [merchant.id],
            ),
          ).toBe(1);
        },
      };
    },
  },

  [merchantEndSession.path]: {
    async attempt() {
      const merchant = await registerMerchant(t);
      const other = (await expectOk(t.call(merchantLogin, { account: merchant.email, password: merchant.password })))
        .userinfo.token;
      const otherId = (await expectOk(t.call(merchantListSessions, {}, other))).list.find(
        (session) => session.is_current,
      )!.id;
      return {
        body: { id: otherId },
        token: merchant.token,
        async verify() {
          expect((await t.call(merchantListShops, {}, other)).code).toBe(ErrorCode.TOKEN_EXPIRED);
          expect((await t.call(merchantListShops, {}, merchant.token)).code).toBe(ErrorCode.OK);
        },
      };
    },
  },
  [merchantEndOtherSessions.path]: {
    async attempt() {
      const merchant = await registerMerchant(t);
      const other = (await expectOk(t.call(merchantLogin, { account: merchant.email, password: merchant.password })))
        .userinfo.token;
      return {
        body: {},
        token: merchant.token,
        async verify(answer) {
          expect(answer.data).toEqual({ ended: 1 });
          expect((await t.call(merchantListShops, {}, other)).code).toBe(ErrorCode.TOKEN_EXPIRED);
        },
      };
    },
  },
  // A second run would find the current password wrong: one change, one other session ended, one notice queued.
  [merchantChangePassword.path]: {
    async attempt() {
      const merchant = await registerMerchant(t);
      const other = (await expectOk(t.call(merchantLogin, { account: merchant.email, password: merchant.password })))
        .userinfo.token;
      return {
        body: { current_password: merchant.password, password: OTHER_PASSWORD, confirm_password: OTHER_PASSWORD },
        token: merchant.token,
        async verify(answer) {
          expect(answer.data).toEqual({ ended_sessions: 1 });
          expect((await t.call(merchantListShops, {}, other)).code).toBe(ErrorCode.TOKEN_EXPIRED);
          expect((await t.call(merchantListShops, {}, merchant.token)).code).toBe(ErrorCode.OK);
          expect(
            t.queued.filter((job) => job.queue === 'password-changed-notice' && job.data.merchantId === merchant.id),
          ).toHaveLength(1);
          expect((await t.call(merchantLogin, { account: merchant.email, password: OTHER_PASSWORD })).code).toBe(
            ErrorCode.OK,
          );
        },
      };
    },
  },
  [adminChangePassword.path]: {
    async attempt() {
      const operator = await freshOperator();
      return {
        body: { current_password: ADMIN_PASSWORD, password: OTHER_PASSWORD, confirm_password: OTHER_PASSWORD },
        token: operator.token,
        async verify(answer) {
          expect(answer.data).toEqual({ ended_sessions: 0 });
          expect((await t.call(adminLogin, { account: operator.account, password: OTHER_PASSWORD })).code).toBe(
            ErrorCode.OK,
          );
        },
      };
    },
  },
  // A second operator account of their own: ending "every other session" must not end the shared operator's.
  [adminEndSession.path]: {
    async attempt() {
      const keep = await sessionsOperatorToken();
      const other = await sessionsOperatorToken();
      const otherId = (await expectOk(t.call(adminListSessions, {}, other))).list.find(
        (session) => session.is_current,
      )!.id;
      return {
        body: { id: otherId },
        token: keep,
        async verify() {
          expect((await t.call(adminListShops, {}, other)).code).toBe(ErrorCode.TOKEN_EXPIRED);
          expect((await t.call(adminListShops, {}, keep)).code).toBe(ErrorCode.OK);
        },
      };
    },
  },
  [adminEndOtherSessions.path]: {
    async attempt() {
      const other = await sessionsOperatorToken();
      const keep = await sessionsOperatorToken();
      return {
        body: {},
        token: keep,
        async verify() {
          expect((await t.call(adminListShops, {}, other)).code).toBe(ErrorCode.TOKEN_EXPIRED);
          expect((await t.call(adminListShops, {}, keep)).code).toBe(ErrorCode.OK);
          expect((await t.call(adminListShops, {}, admin)).code).toBe(ErrorCode.OK);
        },
      };
    },
  },

  [adminTwoFactorSetup.path]: {
    async attempt() {
      const operator = await freshOperator();
      return {
        body: {},
        token: operator.token,
        async verify(answer) {
          const stored = await one<{ secret_sealed: string }>(
            'select secret_sealed from admin_two_factor where admin_id = $1',
            [operator.id],
          );
          expect(t.app.services.secretBox.openSecret(String(stored.secret_sealed))).toBe(
            (answer.data as { secret: string }).secret,
          );
        },
      };
    },
  },
  [adminTwoFactorEnable.path]: {
    async attempt() {
      const operator = await freshOperator();
      const setup = await expectOk(t.call(adminTwoFactorSetup, {}, operator.token));
      return {
        body: { code: await totpOf(setup.secret) },
        token: operator.token,
        async verify() {
          expect(await count('select count(*) as n from admin_recovery_codes where admin_id = $1', [operator.id])).toBe(
            10,
          );
        },
      };
    },
  },
  [adminTwoFactorDisable.path]: {
    async attempt() {
      const operator = await enrolledOperator();
      return {
        body: { code: operator.recoveryCodes[0] },
        token: operator.token,
        async verify() {
          expect(await count('select count(*) as n from admin_two_factor where admin_id = $1', [operator.id])).toBe(0);
        },
      };
    },
  },
  [adminLoginTwoFactor.path]: {
    async attempt() {
      const operator = await enrolledOperator();
      const challenge = await t.callRaw<{ challenge_id: string }>(adminLogin, {
        account: operator.account,
        password: 'Admin@2026',
      });
      expect(challenge.code).toBe(ErrorCode.TWO_FACTOR_REQUIRED);
      return {
        body: { challenge_id: challenge.data.challenge_id, code: await totpOf(operator.secret) },
        async verify() {
          // The password sign-in of freshOperator, and this one.
          expect(
            await count("select count(*) as n from sessions where role = 'admin' and user_id = $1", [operator.id]),
          ).toBe(2);
        },
      };
    },
  },

  // ---------- prospects ----------
  [adminEditProspect.path]: {
    async attempt(round) {
      const id = await followedProspect();
      const remark = `Called back, round ${round}`;
      return {
        body: { id, status: 'followed_up', remark },
        token: admin,
        async verify() {
          expect(await one('select status, remark from prospects where id = $1', [id])).toEqual({
            status: 'followed_up',
            remark,
          });
        },
      };
    },
  },
  [addMessage.path]: {
    // The form takes 5 messages per address per hour: a fresh address per key keeps the allowance out of the way.
    async attempt() {
      const fields = messageFields({ content: `Call me back ${randomUUID()}` });
      return {
        body: fields,
        ip: uniqueIp(),
        async verify() {
          expect(await count('select count(*) as n from prospects where content = $1', [fields.content])).toBe(1);
        },
      };
    },
  },

  // ---------- settings ----------
  [adminSetConfig.path]: {
    async attempt(round) {
      const siteName = `Parlour round ${round}`;
      return {
        body: {
          group: 'site',
          values: { site_name: siteName, domain: 'www.parlour.test', service_phone: '400-800-1234' },
        },
        token: admin,
        async verify() {
          expect((await expectOk(t.call(adminConfigList, {}, admin))).site.site_name).toBe(siteName);
        },
      };
    },
  },
  [adminSetPaymentSettings.path]: {
    async attempt(round) {
      const clientId = `idem-client-${round}`;
      return {
        body: { method: 'paypal', values: { enabled: false, client_id: clientId } },
        token: admin,
        async verify() {
          expect((await expectOk(t.call(adminPaymentSettings, {}, admin))).paypal.client_id).toBe(clientId);
        },
      };
    },
  },
  [adminTestPaymentConnection.path]: {
    async attempt() {
      return {
        body: { method: 'alipay' },
        token: admin,
        async verify(answer) {
          // Not configured here: the answer says so, without calling anyone.
          expect(answer.data).toMatchObject({ ok: false });
        },
      };
    },
  },
  [adminTestSendEmail.path]: {
    async attempt() {
      const to = uniqueEmail('idem-test-send');
      return {
        body: { to },
        token: admin,
        async verify() {
          expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
        },
      };
    },
  },
  [adminTestSendSms.path]: {
    async attempt() {
      const mobile = uniqueMobile();
      return {
        body: { mobile },
        token: admin,
        async verify() {
          expect(aliyun.received.filter((sms) => sms.params.PhoneNumbers === mobile)).toHaveLength(1);
        },
      };
    },
  },
  [adminTestSendWecom.path]: {
    async attempt() {
      const content = `Parlour 测试消息 ${randomUUID()}`;
      return {
        body: { content },
        token: admin,
        async verify() {
          expect(wecom.received.filter((message) => JSON.stringify(message.body).includes(content))).toHaveLength(1);
        },
      };
    },
  },

  // ---------- the store's picks ----------
  [merchantStorePickAdd.path]: {
    async attempt(round) {
      const { shopRef } = await picksStore();
      // The data source scenarios may have deleted Taobao's (their order in the contract decides): it is there again.
      await dataSourceOf('taobao');
      const itemId = `6200000001${round}`;
      return {
        body: { shop_id: owner.shopId, link: `https://item.taobao.com/item.htm?id=${itemId}` },
        token: owner.token,
        async verify() {
          expect(
            await count('select count(*) as n from store_picks where shop_ref = $1 and item_id = $2', [
              shopRef,
              itemId,
            ]),
          ).toBe(1);
          // One lookup, charged once.
          expect(
            await count(
              "select count(*) as n from api_call_logs where shop_ref = $1 and api_code = 'item_get' and request_params->>'num_iid' = $2",
              [shopRef, itemId],
            ),
          ).toBe(1);
        },
      };
    },
  },
  [merchantStorePickDelete.path]: {
    async attempt(round) {
      const { shopRef } = await picksStore();
      const id = await insertPick(shopRef, `6200000002${round}`);
      return {
        body: { shop_id: owner.shopId, id },
        token: owner.token,
        async verify() {
          expect(await count('select count(*) as n from store_picks where id = $1', [id])).toBe(0);
        },
      };
    },
  },
  [merchantStorePickMove.path]: {
    async attempt(round) {
      const { shopRef } = await picksStore();
      await insertPick(shopRef, `6200000003${round}`);
      const id = await insertPick(shopRef, `6200000004${round}`);
      return {
        body: { shop_id: owner.shopId, id, direction: 'up' },
        token: owner.token,
        async verify() {
          // Moved one place up: above the pick added before it, below the others.
          const { rows } = await t.database.executeSql(
            'select id from store_picks where shop_ref = $1 order by sort desc, id desc limit 2',
            [shopRef],
          );
          expect(Number((rows[1] as { id: number }).id)).toBe(id);
        },
      };
    },
  },

  // ---------- stores' pricing and the platform's rates ----------
  [merchantStorePricingEdit.path]: {
    async attempt(round) {
      const markup = 10 + round;
      return {
        body: {
          shop_id: owner.shopId,
          currencies: ['USD', 'JPY'],
          rate_source: 'own',
          own_rates: { USD: '0.1381', JPY: '20.95' },
          markup_percent: markup,
          min_markup: 100,
          rounding: 'ninety_nine',
          adds_china_freight: true,
        },
        token: owner.token,
        async verify() {
          expect(
            await one(
              "select (p.pricing->>'markup_percent')::int as markup from store_pricing p join shops s on s.id = p.shop_ref where s.shop_id = $1",
              [owner.shopId],
            ),
          ).toEqual({ markup });
        },
      };
    },
  },
  // ---------- the plugins' storefront settings and the store's shipping rate table ----------
  [merchantLiveChatEdit.path]: {
    async attempt(round) {
      const email = `service${round}@example.com`;
      return {
        body: { shop_id: owner.shopId, email },
        token: owner.token,
        async verify() {
          expect(
            await one(
              "select p.settings->>'email' as email from shop_plugin_settings p join shops s on s.id = p.shop_ref " +
                "where s.shop_id = $1 and p.plugin_code = 'live_chat'",
              [owner.shopId],
            ),
          ).toEqual({ email });
        },
      };
    },
  },
  [merchantBuyerGuideEdit.path]: {
    async attempt(round) {
      const guide = `<p>Guide ${round}</p>`;
      return {
        body: { shop_id: owner.shopId, content: { 'zh-CN': guide } },
        token: owner.token,
        async verify() {
          expect(
            await one(
              "select p.settings->'content'->>'zh-CN' as guide from shop_plugin_settings p join shops s on s.id = p.shop_ref " +
                "where s.shop_id = $1 and p.plugin_code = 'buyer_guide'",
              [owner.shopId],
            ),
          ).toEqual({ guide });
        },
      };
    },
  },
  [merchantStoreShippingEdit.path]: {
    async attempt(round) {
      const price = 1000 + round;
      return {
        body: {
          shop_id: owner.shopId,
          zones: [
            {
              name: 'Asia',
              countries: ['JP'],
              first_weight: 500,
              first_price: price,
              step_weight: 500,
              step_price: 500,
            },
          ],
        },
        token: owner.token,
        async verify() {
          expect(
            await one(
              "select (p.zones->0->>'first_price')::int as price from store_shipping p join shops s on s.id = p.shop_ref where s.shop_id = $1",
              [owner.shopId],
            ),
          ).toEqual({ price });
        },
      };
    },
  },
  [adminExchangeRatesEdit.path]: {
    async attempt(round) {
      const usd = `0.13${round}`;
      return {
        body: { rates: { USD: usd, EUR: '0.1290' } },
        token: admin,
        async verify() {
          expect(
            await one("select value->>'USD' as usd from platform_settings where key = 'exchange_rates'", []),
          ).toEqual({
            usd,
          });
        },
      };
    },
  },

  // ---------- stores' basic config ----------
  [merchantSiteConfigEdit.path]: {
    async attempt(round) {
      const siteName = `Owner's site ${round}`;
      return {
        body: { shop_id: owner.shopId, site_name: siteName, keywords: `round ${round}` },
        token: owner.token,
        async verify() {
          expect(
            await one("select site_config->>'site_name' as site_name from shops where shop_id = $1", [owner.shopId]),
          ).toEqual({ site_name: siteName });
        },
      };
    },
  },
  [adminSiteConfigEdit.path]: {
    async attempt(round) {
      const siteName = `Operator's edit ${round}`;
      return {
        body: { shop_id: owner.shopId, site_name: siteName, copyright: `© ${round}` },
        token: admin,
        async verify() {
          expect(
            await one("select site_config->>'site_name' as site_name from shops where shop_id = $1", [owner.shopId]),
          ).toEqual({ site_name: siteName });
        },
      };
    },
  },

  // ---------- traffic plans and packages ----------
  [adminAddPlan.path]: {
    async attempt() {
      const fields = planFields();
      return {
        body: fields,
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from traffic_plans where name = $1', [fields.name])).toBe(1);
        },
      };
    },
  },
  [adminEditPlan.path]: {
    async attempt() {
      const plan = await editedPlan();
      const fields = planFields({ units: 800 });
      return {
        body: { id: plan.id, ...fields },
        token: admin,
        async verify() {
          expect(await one('select name, units from traffic_plans where id = $1', [plan.id])).toEqual({
            name: fields.name,
            units: 800,
          });
        },
      };
    },
  },
  [adminSetPlanStatus.path]: {
    async attempt(round) {
      const plan = await switchedPlan();
      const status = round === 0 ? 'disabled' : 'enabled';
      return {
        body: { id: plan.id, status },
        token: admin,
        async verify() {
          expect(await one('select status from traffic_plans where id = $1', [plan.id])).toEqual({ status });
        },
      };
    },
  },
  [merchantCreatePackageOrder.path]: {
    // Every run creates a pending package and its bill.
    async attempt() {
      const packages = () => count('select count(*) as n from traffic_packages where merchant_id = $1', [owner.id]);
      const bills = () =>
        count("select count(*) as n from bills where type = 'traffic_package' and merchant_id = $1", [owner.id]);
      const before = { packages: await packages(), bills: await bills() };
      return {
        body: { plan_id: PLAN.standard, pay_method: 'alipay' },
        token: owner.token,
        async verify() {
          expect({ packages: await packages(), bills: await bills() }).toEqual({
            packages: before.packages + 1,
            bills: before.bills + 1,
          });
        },
      };
    },
  },

  // ---------- plugins ----------
  [adminAddPlugin.path]: {
    async attempt() {
      const fields = pluginFields();
      return {
        body: fields,
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from plugins where code = $1', [fields.code])).toBe(1);
        },
      };
    },
  },
  [adminEditPlugin.path]: {
    async attempt(round) {
      const plugin = await editedPlugin();
      const { code: _code, ...fields } = pluginFields({ price: 5000 + round });
      return {
        body: { id: plugin.id, ...fields },
        token: admin,
        async verify() {
          expect(await one('select price, code from plugins where id = $1', [plugin.id])).toEqual({
            price: 5000 + round,
            code: plugin.code,
          });
        },
      };
    },
  },
  [adminSetPluginStatus.path]: {
    async attempt(round) {
      const plugin = await switchedPlugin();
      const status = round === 0 ? 'unlisted' : 'listed';
      return {
        body: { id: plugin.id, status },
        token: admin,
        async verify() {
          expect(await one('select status from plugins where id = $1', [plugin.id])).toEqual({ status });
        },
      };
    },
  },
  [adminAddPluginType.path]: {
    async attempt() {
      const name = `类型 ${randomUUID().slice(0, 8)}`;
      return {
        body: { name: { 'zh-CN': name }, sort: 5 },
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from plugin_types where name = $1', [name])).toBe(1);
        },
      };
    },
  },
  [adminEditPluginType.path]: {
    async attempt(round) {
      const type = await editedPluginType();
      return {
        body: { id: type.id, name: { 'zh-CN': `改名 ${round}` }, sort: 10 + round },
        token: admin,
        async verify() {
          expect(await one('select name, sort from plugin_types where id = $1', [type.id])).toEqual({
            name: `改名 ${round}`,
            sort: 10 + round,
          });
        },
      };
    },
  },
  [adminDeletePluginType.path]: {
    // Each key deletes a type of its own (a second delete of one type would answer NOT_FOUND).
    async attempt() {
      const type = await addPluginType(t, admin);
      return {
        body: { id: type.id },
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from plugin_types where id = $1', [type.id])).toBe(0);
        },
      };
    },
  },
  [merchantSetShopPluginStatus.path]: {
    async attempt(round) {
      const plugin = await installedPlugin();
      const status = round === 0 ? 'disabled' : 'enabled';
      return {
        body: { shop_id: owner.shopId, plugin_id: plugin.id, status },
        token: owner.token,
        async verify() {
          expect(await one('select status from shop_plugins where plugin_id = $1', [plugin.id])).toEqual({ status });
        },
      };
    },
  },
  [merchantAddShopPlugin.path]: {
    // Each key buys a plugin of its own: one bill per run (a second purchase of one plugin answers "order exists").
    async attempt() {
      const plugin = await addPlugin(t, admin);
      const bills = () =>
        count("select count(*) as n from bills where type = 'plugin' and plugin_id = $1", [plugin.id]);
      return {
        body: { shop_id: owner.shopId, plugin_id: plugin.id, pay_method: 'alipay' },
        token: owner.token,
        async verify() {
          expect(await bills()).toBe(1);
        },
      };
    },
  },

  // ---------- Open API core data and store API keys ----------
  [adminEditProductDataConfig.path]: {
    async attempt(round) {
      const timeoutMs = 5000 + round;
      return {
        body: { provider: 'sandbox', timeout_ms: timeoutMs },
        token: admin,
        async verify() {
          expect((await expectOk(t.call(adminGetProductDataConfig, {}, admin))).timeout_ms).toBe(timeoutMs);
        },
      };
    },
  },
  [adminAddDataSource.path]: {
    // One source per platform: the platform is freed first, a different one per key.
    async attempt(round) {
      const platform = round === 0 ? '1688' : 'taobao';
      await expectOk(t.call(adminDeleteDataSource, { id: await dataSourceOf(platform) }, admin));
      return {
        body: { platform, name: `Source ${platform} again`, remark: 'Added once', sort: 7 },
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from data_sources where platform = $1', [platform])).toBe(1);
        },
      };
    },
  },
  [adminEditDataSource.path]: {
    async attempt(round) {
      const id = await dataSourceOf('micro_store');
      const name = `Weidian ${round}`;
      return {
        body: { id, name, remark: `Edit round ${round}`, sort: 3 },
        token: admin,
        async verify() {
          expect(await one('select name from data_sources where id = $1', [id])).toEqual({ name });
        },
      };
    },
  },
  [adminDeleteDataSource.path]: {
    // A second run would answer NOT_FOUND: another source per key.
    async attempt(round) {
      const id = await dataSourceOf(round === 0 ? '1688' : 'taobao');
      return {
        body: { id },
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from data_sources where id = $1', [id])).toBe(0);
        },
      };
    },
  },
  [adminEnableDataSource.path]: {
    async attempt(round) {
      const id = await dataSourceOf('jd');
      const isEnabled = round === 1;
      return {
        body: { id, is_enabled: isEnabled },
        token: admin,
        async verify() {
          expect(await one('select is_enabled from data_sources where id = $1', [id])).toEqual({
            is_enabled: isEnabled,
          });
        },
      };
    },
  },
  [adminAddOpenApi.path]: {
    async attempt() {
      const code = `idem_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      return {
        body: { platform: 'taobao', code, name: 'Added once', description: 'Item detail', cost: 2 },
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from open_apis where code = $1', [code])).toBe(1);
        },
      };
    },
  },
  [adminEditOpenApi.path]: {
    async attempt(round) {
      const api = await editedApi();
      const name = `Edited ${round}`;
      return {
        body: { id: api.id, platform: 'jd', code: api.code, name, cost: 3 + round },
        token: admin,
        async verify() {
          expect(await one('select name, cost from open_apis where id = $1', [api.id])).toEqual({
            name,
            cost: 3 + round,
          });
        },
      };
    },
  },
  [adminPurgeProductCache.path]: {
    async attempt() {
      const itemId = `purge${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      for (const lang of ['en', 'zh-CN'])
        await t.database.executeSql(
          `insert into product_cache (key_hash, source, platform, api_code, item_id, params, payload, fetched_at)
           values ($1, 'sandbox', 'jd', 'item_get', $2, $3, '{}', now())`,
          [randomUUID(), itemId, JSON.stringify({ num_iid: itemId, lang })],
        );
      return {
        body: { platform: 'jd', item_id: itemId },
        token: admin,
        async verify() {
          expect(await count('select count(*) as n from product_cache where item_id = $1', [itemId])).toBe(0);
        },
      };
    },
  },
  // ---------- operations ----------
  [adminRetryJob.path]: {
    async attempt() {
      const job = await failingQueue.failedJob();
      const retryLimit = async () =>
        Number(
          (await one<{ retry_limit: number }>('select retry_limit from pgboss.job where id = $1::uuid', [job.id]))
            .retry_limit,
        );
      const before = await retryLimit();
      return {
        body: job,
        token: admin,
        async verify() {
          // One retry allowed one more try, once.
          expect(await retryLimit()).toBe(before + 1);
        },
      };
    },
  },
  [merchantRotateShopKey.path]: {
    // Each run draws a new key: the key answered (to every repeat) must be the one that works.
    async attempt() {
      return {
        body: { shop_id: owner.shopId },
        token: owner.token,
        async verify(answer) {
          expect(await revealKey(t, owner.token, owner.shopId)).toBe((answer.data as { key: string }).key);
        },
      };
    },
  },
};

function captchaScenario(): Scenario {
  return {
    async attempt() {
      return {
        body: {},
        // Issuing stores nothing (a signed id): the one run's captcha is the one replayed, and it works once.
        async verify(answer) {
          const id = (answer.data as { captcha_id: string }).captcha_id;
          expect(await t.app.services.captchas.consumeCaptcha(id, 'wrong')).toBe(false);
          expect(await count('select count(*) as n from captchas where id = $1', [id.split('.')[0]])).toBe(1);
        },
      };
    },
  };
}

const auditRows = (path: string) => count('select count(*) as n from audit_log where call_path = $1', [path]);

/** Backend redirects: every run issues another single-use ticket into the store's admin. */
function ticketScenario(role: 'merchant' | 'admin'): Scenario {
  return {
    async attempt() {
      const tickets = () =>
        count('select count(*) as n from store_tickets where shop_ref = (select id from shops where shop_id = $1)', [
          owner.shopId,
        ]);
      const before = await tickets();
      return {
        body: { shop_id: owner.shopId },
        token: role === 'admin' ? admin : owner.token,
        async verify() {
          expect(await tickets()).toBe(before + 1);
        },
      };
    },
  };
}

describe('Idempotency-Key on every writing call', () => {
  beforeAll(async () => {
    [smtp, wecom, aliyun] = await Promise.all([
      startFakeSmtp(SMTP_ACCOUNT),
      startFakeWecom([WECOM_KEY]),
      startFakeAliyunSms(ALIYUN),
    ]);
    t = await buildTestApp({
      clock: tickingClock(),
      // Domain checks: a domain named ok-… checks out.
      checkDns: fakeDnsChecker,
      // Many sign-ups and code sends come from the one test address.
      env: {
        CODE_SENDS_PER_IP_PER_HOUR: '10000',
        ALIYUN_SMS_ENDPOINT: aliyun.baseUrl,
        WECOM_WEBHOOK_BASE: wecom.baseUrl,
      },
    });
    admin = await signInAdmin(t);
    failingQueue = await startFailingQueue(t);
    const merchant = await registerMerchant(t);
    const store = await merchantWithStore(t, { token: merchant.token });
    owner = { id: merchant.id, email: merchant.email, token: merchant.token, shopId: store.shopId };
    // The test sends go to the local stand-ins (the recording providers keep carrying the codes).
    await expectOk(
      t.call(
        adminSetConfig,
        {
          group: 'mail',
          values: {
            smtp_host: '127.0.0.1',
            smtp_port: smtp.port,
            smtp_security: 'none',
            smtp_user: SMTP_ACCOUNT.user,
            smtp_password: SMTP_ACCOUNT.password,
            mail_sender: 'Parlour <noreply@parlour.test>',
          },
        },
        admin,
      ),
    );
    await expectOk(
      t.call(
        adminSetConfig,
        {
          group: 'sms',
          values: {
            sms_provider: 'aliyun',
            access_key_id: ALIYUN.accessKeyId,
            access_key_secret: ALIYUN.accessKeySecret,
            sign_name: ALIYUN.signName,
            template_code: ALIYUN.templateCode,
          },
        },
        admin,
      ),
    );
    await expectOk(
      t.call(adminSetConfig, { group: 'wecom', values: { webhook_url: wecom.webhookFor(WECOM_KEY) } }, admin),
    );
  });
  afterAll(async () => {
    await failingQueue?.stop();
    await t?.close();
    await Promise.all([smtp?.close(), wecom?.close(), aliyun?.close()]);
  });

  it('has a scenario for every writing call of the contract, and none for a reading one', () => {
    expect(writePaths.length).toBeGreaterThan(0);
    expect(Object.keys(scenarios).sort()).toEqual([...writePaths].sort());
  });

  it.each(writePaths)(
    '%s: one key twice, then one key 20 times at once, runs once and answers the same',
    async (path) => {
      const scenario = scenarios[path];
      expect(scenario, `the writing call ${path} has no idempotency scenario`).toBeDefined();

      // The same key twice in a row: the repeat answers the stored answer without running.
      const sequential = await scenario.attempt(0);
      const sequentialKey = randomUUID();
      const auditedBefore = await auditRows(path);
      const first = await send(path, sequential, sequentialKey);
      expect(first.answer.code, first.raw).toBe(200);
      const auditedAfterFirst = await auditRows(path);
      if (auditedPaths.has(path))
        expect(auditedAfterFirst, `the operator writing call ${path} wrote no audit row`).toBeGreaterThan(
          auditedBefore,
        );
      else expect(auditedAfterFirst).toBe(auditedBefore);
      expect(first.replayedHeader).toBeUndefined();
      const repeat = await send(path, sequential, sequentialKey);
      if (scenario.revokesOwnSession) {
        // The first run revoked the session the repeat carries: refused at authentication, nothing ran.
        expect(repeat.answer.code, repeat.raw).toBe(ErrorCode.TOKEN_EXPIRED);
        expect(repeat.replayedHeader).toBeUndefined();
      } else {
        expect(repeat.raw).toBe(first.raw);
        expect(repeat.replayedHeader).toBe('true');
      }
      await sequential.verify?.(first.answer);
      // A replay runs nothing, so it records nothing.
      expect(await auditRows(path)).toBe(auditedAfterFirst);

      // A new key 20 times at once: one runs, the others wait for it and answer its answer.
      const concurrent = await scenario.attempt(1);
      const concurrentKey = randomUUID();
      const auditedBeforeConcurrent = await auditRows(path);
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT_REQUESTS }, () => send(path, concurrent, concurrentKey)),
      );
      const ran = answers.filter((sent) => !sent.isReplayed && sent.answer.code === 200);
      expect(ran, answers.map((sent) => sent.raw).join('\n')).toHaveLength(1);
      const [original] = ran;
      expect(original.replayedHeader).toBeUndefined();
      for (const sent of answers) {
        if (sent === original) continue;
        if (scenario.revokesOwnSession && !sent.isReplayed) {
          // Authenticated after the one run had revoked the session.
          expect(sent.answer.code, sent.raw).toBe(ErrorCode.TOKEN_EXPIRED);
          continue;
        }
        expect(sent.replayedHeader).toBe('true');
        expect(sent.raw).toBe(original.raw);
      }
      await concurrent.verify?.(original.answer);
      // The one run of the 20 recorded what the first run recorded, no more.
      expect(await auditRows(path)).toBe(auditedBeforeConcurrent + (auditedAfterFirst - auditedBefore));
    },
  );

  it('records who, from where and which request in every audit row', async () => {
    const { rows } = await t.database.executeSql(
      'select a.call_path, a.admin_account, o.account, a.ip, a.request_id, a.action, a.target_type from audit_log a join admins o on o.id = a.admin_id',
    );
    const recorded = rows as Array<{
      call_path: string;
      admin_account: string;
      account: string;
      ip: string;
      request_id: string;
      action: string;
      target_type: string;
    }>;
    expect(new Set(recorded.map((row) => row.call_path))).toEqual(auditedPaths);
    for (const row of recorded) {
      // The operator who made the call (some scenarios sign in an operator of their own).
      expect(row.admin_account).toBe(row.account);
      expect(row.ip).toBe('127.0.0.1');
      expect(row.request_id).toMatch(/^req_[0-9a-f]{20}$/);
      expect(row.action.startsWith(`${row.target_type}.`), row.action).toBe(true);
    }
  });
});
