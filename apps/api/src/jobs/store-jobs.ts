import type { BillService } from '../modules/money/bill/bill.service';
import { PROVISION_QUEUE, type ShopService } from '../modules/stores/shop/shop.service';
import type { JobDefinition } from './boss';

/** Provisions the store named in the job, sent when a store is paid for or its trial starts. */
export function provisionStoreJob(deps: { shopService: ShopService }): JobDefinition {
  return {
    queue: PROVISION_QUEUE,
    async run(data) {
      const shopRef = Number((data as { shopRef?: unknown } | undefined)?.shopRef);
      if (!Number.isInteger(shopRef)) return { provisioned: false };
      return { provisioned: await deps.shopService.provisionStore(shopRef) };
    },
  };
}

/**
 * Every minute: provision stores still initialising (a job lost to a crash or sent before the queue
 * ran), expire unpaid bills past their window (giving up the unpaid stores of first bills), and
 * persist the store statuses reads derive from the expiry (reads never write them).
 */
export function storeSweepJob(deps: {
  shopService: ShopService;
  billService: Pick<BillService, 'expireOverdueBills'>;
}): JobDefinition {
  return {
    queue: 'store-sweep',
    cron: '* * * * *',
    async run() {
      const provisioned = await deps.shopService.provisionPendingStores();
      // Bills first: an expired first bill gives up its store, and the status sweep then folds that change too.
      const billsExpired = await deps.billService.expireOverdueBills('all');
      const statusesChanged = await deps.shopService.sweepStatuses();
      return { provisioned, statusesChanged, billsExpired };
    },
  };
}
