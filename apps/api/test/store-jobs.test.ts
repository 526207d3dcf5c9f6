import { merchantAddShop, merchantBuyShop, merchantCheckSiteStatus } from '@parlour/contract/calls/store';
import { cashierSubmit, merchantListBills } from '@parlour/contract/calls/bill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../src/jobs/boss';
import { buildTestApp, registerMerchant, type TestApp } from './helper';
import { cashierToken, expectOk, shopFields, VERSION } from './shop-helper';

async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('store jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
  });
  afterAll(() => t.close());

  it('provisions a new store through the pg-boss queue', async () => {
    // An app of its own: once pg-boss is attached to its job queue, that queue stays pg-boss's (the
    // other tests' app keeps running the code deliveries inline).
    const worker = await buildTestApp({
      database: t.database,
      clock: t.clock,
      env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' },
    });
    const boss = await startJobs({
      database: worker.database,
      log: worker.app.log,
      jobs: worker.app.jobs,
      queue: worker.app.jobQueue,
    });
    try {
      const { token } = await registerMerchant(worker);
      const fields = shopFields({ package_id: VERSION.starter });
      await expectOk(worker.call(merchantAddShop, fields, token));
      const status = await waitFor(
        () => expectOk(worker.call(merchantCheckSiteStatus, { shop_id: fields.shop_id }, token)),
        (value) => value.is_ready,
      );
      expect(status).toMatchObject({ is_ready: true, status: 'trial' });
    } finally {
      await boss.stop({ graceful: false, wait: true, timeout: 5_000 });
      await worker.close();
    }
  });

  it('a store left initialising by a stopped process is provisioned by the sweep after a restart', async () => {
    // The first process takes the payment, then stops before any worker ran (no queue attached).
    const first = await buildTestApp({
      database: t.database,
      clock: t.clock,
      env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' },
    });
    const { token } = await registerMerchant(first);
    const fields = shopFields();
    const purchase = await expectOk(
      first.call(merchantBuyShop, { ...fields, term_type: 'month', term: 1, pay_method: 'alipay' }, token),
    );
    await expectOk(
      first.call(cashierSubmit, {
        bill_no: purchase.bill.bill_no,
        token: cashierToken(purchase.payment.pay_url),
        outcome: 'paid',
      }),
    );
    await first.close();

    t.clock.advance(10);
    const sweep = t.app.jobs.find((job) => job.queue === 'store-sweep')!;
    expect(sweep.cron).toBe('* * * * *');
    expect(await sweep.run()).toMatchObject({ provisioned: 1 });
    const status = await expectOk(t.call(merchantCheckSiteStatus, { shop_id: fields.shop_id }, token));
    expect(status).toMatchObject({ is_ready: true, status: 'operating' });
  });

  it('the sweep expires unpaid bills past their window and moves lapsed stores along', async () => {
    const { token } = await registerMerchant(t);
    const purchase = await expectOk(
      t.call(merchantBuyShop, { ...shopFields(), term_type: 'month', term: 1, pay_method: 'alipay' }, token),
    );
    t.clock.advance(31 * 60);
    const sweep = t.app.jobs.find((job) => job.queue === 'store-sweep')!;
    const result = (await sweep.run()) as { billsExpired: number };
    expect(result.billsExpired).toBeGreaterThanOrEqual(1);
    const { list } = await expectOk(t.call(merchantListBills, { keyword: purchase.bill.bill_no }, token));
    expect(list[0].status).toBe('expired');
  });
});
