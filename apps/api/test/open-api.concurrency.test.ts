import { adminEditProductDataConfig, PRODUCT_DATA_TIMEOUT_MAX_MS } from '@parlour/contract/calls/open-core';
import { fork } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client';
import { AppError } from '../src/lib/app-error';
import { SETTLE_MARGIN_MS } from '../src/modules/traffic/open-api/open-api.service';
import { buildTestApp, type TestApp } from './helper';
import { startFakeVendor, VENDOR_KEY, VENDOR_SECRET } from './fake-product-vendor';
import { grantPackage, logsOf, logTotalsOf, openCall, storeWithKey, unitsUsed, usageOf } from './open-api-helper';
import { expectOk, signInAdmin } from './shop-helper';

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

const CHILD_APPLICATION_NAME = 'parlour-open-api-child';

/**
 * Waits until the database has no session left of a killed child process: a statement it sent just
 * before the kill runs to its end (and commits) on the server whether or not anyone reads the answer.
 */
async function childSessionsGone(t: TestApp) {
  const waitUntil = Date.now() + 30_000;
  const sessions = async () =>
    Number(
      (
        (
          await t.database.executeSql(
            'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()',
            [CHILD_APPLICATION_NAME],
          )
        ).rows[0] as { n: number }
      ).n,
    );
  while ((await sessions()) > 0) {
    if (Date.now() > waitUntil) throw new Error('the killed child process still has database sessions');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The app in a process of its own (test/open-api-child-server.ts) on the same database. */
function startChildServer(databaseUrl: string): Promise<{ port: number; stop: () => void; crash: () => void }> {
  // Its connections carry a name of their own, so a test can wait for them to end after a kill.
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', CHILD_APPLICATION_NAME);
  const child = fork(path.join(import.meta.dirname, 'open-api-child-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: url.toString() },
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) =>
      resolve({
        port: (message as { port: number }).port,
        stop: () => child.kill('SIGTERM'),
        crash: () => child.kill('SIGKILL'),
      }),
    );
    child.once('exit', (code) => reject(new Error(`the child API process exited with ${code}`)));
  });
}

/** Sums the log rows of a store: per status count, and charged units. */
async function summary(t: TestApp, shopRef: number) {
  const logs = await logsOf(t, shopRef);
  const byStatus: Record<string, number> = {};
  for (const log of logs) byStatus[log.status] = (byStatus[log.status] ?? 0) + 1;
  return { rows: logs.length, byStatus, charged: logs.reduce((sum, log) => sum + log.charged_units, 0) };
}

describe('Open API: exactly-once accounting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  it('1,000 concurrent calls against 500 remaining units: exactly 500 succeed, none go negative, 1,000 log rows', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 700, used: 200 });
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, index) =>
        openCall(t, 'taobao/item_get', { num_iid: String(10_000 + index) }, store.key),
      ),
    );
    const codes = answers.reduce<Record<number, number>>(
      (acc, answer) => ({ ...acc, [answer.code]: (acc[answer.code] ?? 0) + 1 }),
      {},
    );
    expect(codes).toEqual({ 200: 500, 13006: 500 });
    expect(await unitsUsed(t, packageId)).toEqual({ used: 700, total: 700 });
    expect(await summary(t, store.shopRef)).toEqual({
      rows: 1000,
      byStatus: { success: 500, quota_exhausted: 500 },
      charged: 500,
    });
    expect(await usageOf(t, store.shopRef)).toEqual({
      success: { calls: 500, units: 500 },
      quota_exhausted: { calls: 500, units: 0 },
    });
    expect(await usageOf(t, store.shopRef)).toEqual(await logTotalsOf(t, store.shopRef));
  }, 120_000);

  it('a process that dies between charging and settling loses no units: the sweep settles the row and refunds', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    // A second API process on the same database charges a call, then stops before its upstream answer.
    const doomed = await buildTestApp({ database: t.database, clock: t.clock });
    const charged = await doomed.app.services.openApi.charge({
      apiKey: store.key,
      platform: 'taobao',
      apiCode: 'item_search',
      body: { q: '雨伞' },
    });
    await doomed.close();
    expect(await unitsUsed(t, packageId)).toEqual({ used: 2, total: 10 });
    // In flight: a charge row holds the units; the call has no log row and is not in the roll-up until it settles.
    expect(
      (
        await t.database.executeSql('select package_ref, units from api_call_charges where shop_ref = $1', [
          store.shopRef,
        ])
      ).rows,
    ).toEqual([{ package_ref: packageId, units: 2 }]);
    expect(await logsOf(t, store.shopRef)).toEqual([]);
    expect(await usageOf(t, store.shopRef)).toEqual({});

    const sweep = t.app.jobs.find((job) => job.queue === 'open-api-sweep')!;
    expect(sweep.cron).toBe('* * * * *');
    expect(await sweep.run()).toEqual({ settled: 0 });
    const { timeout_ms: timeoutMs } = await t.app.services.coreData.getConfig();
    t.clock.advance((timeoutMs + SETTLE_MARGIN_MS) / 1000 + 1);
    expect(await sweep.run()).toEqual({ settled: 1 });
    expect(await unitsUsed(t, packageId)).toEqual({ used: 0, total: 10 });
    const [log] = await logsOf(t, store.shopRef);
    expect(log).toMatchObject({ status: 'failed_upstream', charged_units: 0, package_ref: packageId });
    expect(log.error).toMatch(/settled by the sweep/);
    expect(log.id).toBe(charged.callId);
    expect(
      (await t.database.executeSql('select id from api_call_charges where shop_ref = $1', [store.shopRef])).rows,
    ).toEqual([]);
    expect(await usageOf(t, store.shopRef)).toEqual({ failed_upstream: { calls: 1, units: 0 } });

    // Should the process come back with an answer, the row is no longer pending: nothing changes.
    await expect(t.app.services.openApi.callAndSettle(charged)).rejects.toEqual(new AppError('OPEN_UPSTREAM_TIMEOUT'));
    expect(await unitsUsed(t, packageId)).toEqual({ used: 0, total: 10 });
    expect(await usageOf(t, store.shopRef)).toEqual({ failed_upstream: { calls: 1, units: 0 } });
    expect(await sweep.run()).toEqual({ settled: 0 });
  });

  it('a failure between charging and logging (inside the transaction) charges nothing', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 5 });
    // The charge row's insert fails in the statement that updates the package (a full disk, a lost connection).
    await t.database.executeSql(
      `create function fail_log_insert() returns trigger language plpgsql as
        $$ begin if new.shop_ref = ${store.shopRef} then raise exception 'disk full'; end if; return new; end $$`,
    );
    await t.database.executeSql(
      'create trigger fail_log_insert before insert on api_call_charges for each row execute function fail_log_insert()',
    );
    try {
      expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, store.key)).code).toBe(10500);
      expect(await unitsUsed(t, packageId)).toEqual({ used: 0, total: 5 });
      expect(await logsOf(t, store.shopRef)).toEqual([]);
    } finally {
      await t.database.executeSql('drop trigger fail_log_insert on api_call_charges');
      await t.database.executeSql('drop function fail_log_insert()');
    }
    expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, store.key)).code).toBe(200);
    expect(await unitsUsed(t, packageId)).toEqual({ used: 1, total: 5 });
  });

  it('a failure when the call is logged (its settle) keeps the units in flight until the sweep gives them back', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 5 });
    await t.database.executeSql(
      `create function fail_settle() returns trigger language plpgsql as
        $$ begin if new.shop_ref = ${store.shopRef} then raise exception 'disk full'; end if; return new; end $$`,
    );
    await t.database.executeSql(
      'create trigger fail_settle before insert on api_call_logs for each row execute function fail_settle()',
    );
    try {
      expect((await openCall(t, 'taobao/item_get', { num_iid: '1' }, store.key)).code).toBe(10500);
    } finally {
      await t.database.executeSql('drop trigger fail_settle on api_call_logs');
      await t.database.executeSql('drop function fail_settle()');
    }
    // The settle wrote nothing: the call is still in flight, its units held by its charge row.
    expect(await unitsUsed(t, packageId)).toEqual({ used: 1, total: 5 });
    expect(await logsOf(t, store.shopRef)).toEqual([]);
    const { timeout_ms: timeoutMs } = await t.app.services.coreData.getConfig();
    t.clock.advance((timeoutMs + SETTLE_MARGIN_MS) / 1000 + 1);
    expect(await t.app.services.openApi.sweepStale()).toBe(1);
    expect(await unitsUsed(t, packageId)).toEqual({ used: 0, total: 5 });
    expect(await summary(t, store.shopRef)).toEqual({ rows: 1, byStatus: { failed_upstream: 1 }, charged: 0 });
    expect(await usageOf(t, store.shopRef)).toEqual({ failed_upstream: { calls: 1, units: 0 } });
  });

  it('a call settling normally is left alone by the sweep, and a settled call cannot be refunded twice', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 5 });
    const charged = await t.app.services.openApi.charge({
      apiKey: store.key,
      platform: 'jd',
      apiCode: 'item_get',
      body: { num_iid: '9' },
    });
    await t.app.services.openApi.callAndSettle(charged);
    t.clock.advance(3600);
    expect(await t.app.services.openApi.sweepStale()).toBe(0);
    await expect(t.app.services.openApi.callAndSettle(charged)).rejects.toEqual(new AppError('OPEN_UPSTREAM_TIMEOUT'));
    expect(await unitsUsed(t, packageId)).toEqual({ used: 1, total: 5 });
    expect(await summary(t, store.shopRef)).toEqual({ rows: 1, byStatus: { success: 1 }, charged: 1 });
  });
});

describe.runIf(isPostgres)('Open API on PostgreSQL with several API processes', () => {
  let t: TestApp;
  const others: Array<{ app: TestApp; database: Database }> = [];
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    const url = (t.database as Database & { pool: { options: { connectionString: string } } }).pool.options
      .connectionString;
    for (let i = 0; i < 3; i += 1) {
      // Each process has its own connection pool on the same database.
      const database = await openPostgres(url);
      others.push({ database, app: await buildTestApp({ database, clock: t.clock }) });
    }
  });
  afterAll(async () => {
    for (const other of others) {
      await other.app.close();
      await other.database.close();
    }
    await t.close();
  });

  it('1,000 calls spread over four processes against 500 units: exactly 500 charged', async () => {
    const store = await storeWithKey(t);
    // Two packages: the store's own (200 left) is used before the general one (300 left).
    const storePackage = await grantPackage(t, {
      merchantId: store.merchantId,
      shopRef: store.shopRef,
      units: 250,
      used: 50,
      expiresInDays: 90,
    });
    const generalPackage = await grantPackage(t, { merchantId: store.merchantId, units: 300, expiresInDays: 10 });
    const apps = [t, ...others.map((other) => other.app)];
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, index) =>
        openCall(apps[index % apps.length], 'taobao/item_get', { num_iid: String(index + 1) }, store.key),
      ),
    );
    const successes = answers.filter((answer) => answer.code === 200).length;
    expect(successes).toBe(500);
    expect(answers.filter((answer) => answer.code === 13006).length).toBe(500);
    expect(await unitsUsed(t, storePackage)).toEqual({ used: 250, total: 250 });
    expect(await unitsUsed(t, generalPackage)).toEqual({ used: 300, total: 300 });
    expect(await summary(t, store.shopRef)).toEqual({
      rows: 1000,
      byStatus: { success: 500, quota_exhausted: 500 },
      charged: 500,
    });
    const logs = await logsOf(t, store.shopRef);
    expect(logs.filter((log) => log.package_ref === storePackage).length).toBe(200);
    expect(logs.filter((log) => log.package_ref === generalPackage).length).toBe(300);
    expect(await usageOf(t, store.shopRef)).toEqual(await logTotalsOf(t, store.shopRef));
  }, 180_000);

  it('1,000 calls over HTTP to two child API processes against 500 units: exactly 500 charged', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 500 });
    const url = (t.database as Database & { pool: { options: { connectionString: string } } }).pool.options
      .connectionString;
    const children = await Promise.all([0, 1].map(() => startChildServer(url)));
    try {
      const answers = await Promise.all(
        Array.from({ length: 1000 }, async (_, index) => {
          const response = await fetch(`http://127.0.0.1:${children[index % 2].port}/open/v1/taobao/item_get`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': store.key },
            body: JSON.stringify({ num_iid: String(index + 1) }),
          });
          return ((await response.json()) as { code: number }).code;
        }),
      );
      expect(answers.filter((code) => code === 200).length).toBe(500);
      expect(answers.filter((code) => code === 13006).length).toBe(500);
    } finally {
      for (const child of children) child.stop();
    }
    expect(await unitsUsed(t, packageId)).toEqual({ used: 500, total: 500 });
    expect(await summary(t, store.shopRef)).toEqual({
      rows: 1000,
      byStatus: { success: 500, quota_exhausted: 500 },
      charged: 500,
    });
    expect(await usageOf(t, store.shopRef)).toEqual(await logTotalsOf(t, store.shopRef));
  }, 180_000);

  it('an API process killed with calls in flight loses no units: the sweep refunds them and logs each call once', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 100 });
    const url = (t.database as Database & { pool: { options: { connectionString: string } } }).pool.options
      .connectionString;
    // An upstream that does not answer: the child's calls stay charged, in flight, until it is killed.
    const vendor = await startFakeVendor();
    vendor.behaviour.delayMs = 120_000;
    const adminToken = await signInAdmin(t);
    // The longest timeout an operator may set: on a loaded machine the first call must not time out (and be
    // refunded) before the last one is charged.
    const timeoutMs = PRODUCT_DATA_TIMEOUT_MAX_MS;
    await expectOk(
      t.call(
        adminEditProductDataConfig,
        { provider: 'http', base_url: vendor.baseUrl, key: VENDOR_KEY, secret: VENDOR_SECRET, timeout_ms: timeoutMs },
        adminToken,
      ),
    );
    const inFlight = async () =>
      Number(
        (
          (
            await t.database.executeSql('select count(*)::int as n from api_call_charges where shop_ref = $1', [
              store.shopRef,
            ])
          ).rows[0] as { n: number }
        ).n,
      );
    const child = await startChildServer(url);
    try {
      const answers = Array.from({ length: 20 }, (_, index) =>
        fetch(`http://127.0.0.1:${child.port}/open/v1/taobao/item_get`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': store.key },
          body: JSON.stringify({ num_iid: String(index + 1) }),
        }).then(
          () => 'answered',
          () => 'connection lost',
        ),
      );
      const waitUntil = Date.now() + 30_000;
      // Every call charged and waiting on the upstream (which has received each of them).
      while ((await inFlight()) < 20 || vendor.requests.length < 20) {
        if (Date.now() > waitUntil) {
          const settled = (await logsOf(t, store.shopRef)).map((log) => `${log.status}: ${log.error}`);
          throw new Error(
            `${await inFlight()} calls in flight, ${vendor.requests.length} at the upstream; settled already: ${JSON.stringify(settled.slice(0, 3))}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      child.crash();
      expect(await Promise.all(answers)).toEqual(Array.from({ length: 20 }, () => 'connection lost'));
    } finally {
      child.crash();
      await expectOk(t.call(adminEditProductDataConfig, { provider: 'sandbox' }, adminToken));
      await vendor.close();
    }
    await childSessionsGone(t);
    // The units stay charged by the calls' charge rows: nothing is lost, nothing is logged yet.
    expect(await unitsUsed(t, packageId)).toEqual({ used: 20, total: 100 });
    expect(await logsOf(t, store.shopRef)).toEqual([]);
    expect(await inFlight()).toBe(20);

    // Past the timeout and the margin (the child's clock is the real one), the sweep settles them.
    const chargedAt = Date.now();
    t.clock.advance(Math.max(0, chargedAt + timeoutMs + SETTLE_MARGIN_MS - t.clock.now().getTime()) / 1000 + 5);
    expect(await t.app.services.openApi.sweepStale()).toBe(20);
    expect(await unitsUsed(t, packageId)).toEqual({ used: 0, total: 100 });
    expect(await inFlight()).toBe(0);
    expect(await summary(t, store.shopRef)).toEqual({ rows: 20, byStatus: { failed_upstream: 20 }, charged: 0 });
    expect(await usageOf(t, store.shopRef)).toEqual({ failed_upstream: { calls: 20, units: 0 } });
    expect(await t.app.services.openApi.sweepStale()).toBe(0);
  }, 120_000);

  it('calls costing 2 against an odd number of units never overdraw', async () => {
    const store = await storeWithKey(t);
    const packageId = await grantPackage(t, { merchantId: store.merchantId, units: 301 });
    const apps = [t, ...others.map((other) => other.app)];
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, index) =>
        openCall(apps[index % apps.length], '1688/item_search', { q: `q${index}` }, store.key),
      ),
    );
    expect(answers.filter((answer) => answer.code === 200).length).toBe(150);
    expect(await unitsUsed(t, packageId)).toEqual({ used: 300, total: 301 });
    expect(await summary(t, store.shopRef)).toEqual({
      rows: 400,
      byStatus: { success: 150, quota_exhausted: 250 },
      charged: 300,
    });
  }, 120_000);
});
