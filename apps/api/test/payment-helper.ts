import { merchantRenewShop } from '@parlour/contract/calls/store';
import { createSandboxPaymentProvider } from '../src/providers/payment/sandbox-payment-provider';
import type { TestApp } from './helper';
import { expectOk, getShop, merchantWithStore, type PayMethod, type TBill } from './shop-helper';

export const SANDBOX_NOTIFY_URL = '/api/v1/payment/notify/sandbox';

/**
 * The sandbox provider as a payment notification test uses it: signed notifications for a bill and
 * the notify endpoint's answer (status and body). Build it once the test app exists.
 */
export function sandboxPayments(t: TestApp) {
  const provider = createSandboxPaymentProvider({
    getKey: () => t.app.services.settings.getSigningKey('sandbox-payment'),
  });
  return {
    provider,
    /** POSTs a body to the notify endpoint, from `ip` (the per-IP budgets) to `app` (another process). */
    async notify(body: unknown, options: { ip?: string; app?: TestApp } = {}) {
      const response = await (options.app ?? t).app.inject({
        method: 'POST',
        url: SANDBOX_NOTIFY_URL,
        payload: body as object,
        ...(options.ip ? { remoteAddress: options.ip } : {}),
      });
      return { status: response.statusCode, body: response.body };
    },
    /** A correctly signed "paid" notification for the bill, signed now unless told otherwise. */
    paidNotification(
      bill: Pick<TBill, 'bill_no' | 'amount' | 'currency'>,
      options: { signedAt?: Date; amount?: number; currency?: string } = {},
    ) {
      return provider.buildNotification(
        {
          billNo: bill.bill_no,
          amount: options.amount ?? bill.amount,
          currency: options.currency ?? bill.currency,
          payMethod: 'alipay',
          outcome: 'paid',
        },
        options.signedAt ?? t.clock.now(),
      );
    },
  };
}

/**
 * A merchant's store with an unpaid one-month renewal bill to pay by `payMethod` (alipay by default),
 * its bill number, and the store as it was before paying. The store itself is bought with
 * `storePayMethod` (alipay by default) through the sandbox cashier.
 */
export async function unpaidRenewal(t: TestApp, options: { payMethod?: PayMethod; storePayMethod?: PayMethod } = {}) {
  const owner = await merchantWithStore(t, { pay_method: options.storePayMethod });
  const renewal = await expectOk(
    t.call(
      merchantRenewShop,
      { shop_id: owner.shopId, term_type: 'month', term: 1, pay_method: options.payMethod ?? 'alipay' },
      owner.token,
    ),
  );
  const before = await getShop(t, owner.token, owner.shopId);
  return { ...owner, renewal, billNo: renewal.bill.bill_no, before };
}
