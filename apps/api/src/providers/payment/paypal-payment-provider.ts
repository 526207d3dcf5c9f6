import { OutboundError } from '../../lib/outbound/outbound-policy';
import type {
  PaymentProvider,
  PaymentProviderFactory,
  ProviderOrder,
  ProviderPayload,
  QueryResult,
  VerifiedPayment,
} from './payment-provider';
import { endpointOf, type PaypalSettings } from './payment-settings';
import {
  completedCapture,
  createPaypalApi,
  PaypalError,
  paypalMinor,
  type PaypalCapture,
  type PaypalOrder,
} from './paypal-api';

/** An order id PayPal cannot have: the connection test's lookup (404 when the credentials work). */
const CONNECTION_TEST_ORDER = 'PARLOURCONNECTIONTEST';

function orderPayload(order: PaypalOrder): ProviderPayload {
  const capture = completedCapture(order);
  return {
    order_id: order.id,
    status: order.status,
    capture_id: capture?.id ?? null,
    capture_status: capture?.status ?? null,
    amount: capture?.amount ?? order.purchase_units?.[0]?.amount ?? null,
  };
}

const errorPayload = (error: PaypalError): ProviderPayload => ({
  status: error.status,
  name: error.code,
  issue: error.issue,
  message: error.providerMessage,
  debug_id: error.debugId,
});

/** The payment a completed capture is, when it is for the bill; null otherwise. */
function paymentOf(capture: PaypalCapture | null, billNo: string): VerifiedPayment | null {
  if (!capture || capture.status !== 'COMPLETED' || (capture.custom_id ?? billNo) !== billNo) return null;
  const amount = paypalMinor(capture.amount.value, capture.amount.currency_code);
  if (amount === null) return null;
  return { billNo, amount, currency: capture.amount.currency_code, tradeNo: capture.id, payMethod: 'paypal' };
}

/** `url` with a query parameter added (our return URL may already carry the cashier's token). */
function withParameter(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}

/**
 * PayPal Checkout, Orders v2 with intent CAPTURE (docs/decisions/0004-paypal-over-outbound.md): the
 * payer approves on PayPal and comes back to our cashier's return page, whose query captures the
 * order; the webhook PAYMENT.CAPTURE.COMPLETED (verified by PayPal's verify-webhook-signature before
 * anything is believed) pays the bill when the payer never comes back. The bill is charged in the
 * operator's PayPal currency: the request's amount and currency are already converted.
 */
export const createPaypalPaymentProvider: PaymentProviderFactory<PaypalSettings> = (settings, context) => {
  const api = createPaypalApi({
    request: context.request,
    clock: context.clock,
    baseUrl: endpointOf('paypal', settings),
    credentials: {
      clientId: settings.clientId.trim(),
      clientSecret: settings.clientSecret.trim(),
      webhookId: settings.webhookId.trim(),
    },
  });

  /** Captures an approved order (the payer came back, or the reconciliation job found it approved). */
  async function capture(order: ProviderOrder, found: PaypalOrder): Promise<PaypalOrder> {
    try {
      return await api.captureOrder(found.id, order.billNo);
    } catch (error) {
      // Captured meanwhile by the other path (return page and job at once): read what was captured.
      if (error instanceof PaypalError && error.issue === 'ORDER_ALREADY_CAPTURED')
        return (await api.getOrder(found.id)) ?? found;
      // Declined, or the payer must choose another funding source: not paid (yet).
      if (error instanceof PaypalError && error.status === 422) return found;
      throw error;
    }
  }

  async function captureIdOf(order: ProviderOrder): Promise<string | null> {
    if (order.tradeNo) return order.tradeNo;
    const found = await api.getOrder(order.providerOrderId);
    // Any capture of the order: one already refunded still names the capture a repeated refund is for.
    return found?.purchase_units?.flatMap((unit) => unit.payments?.captures ?? [])[0]?.id ?? null;
  }

  const provider: PaymentProvider = {
    name: 'paypal',

    async createPayment(request) {
      const created = await api.createOrder({
        billNo: request.billNo,
        amount: request.amount,
        currency: request.currency,
        description: request.productName,
        returnUrl: request.returnUrl,
        cancelUrl: withParameter(request.returnUrl, 'cancelled', '1'),
      });
      return { flow: { flow: 'redirect', url: created.approveUrl, method: 'GET' }, providerOrderId: created.id };
    },

    async verifyNotification({ rawBody, headers }) {
      const result = await api.verifyWebhook(headers, rawBody);
      if (!result.isValid) return { kind: 'invalid', reason: result.failure, payload: { failure: result.failure } };
      const { event } = result;
      const resource = event.resource as Partial<PaypalCapture> & {
        supplementary_data?: { related_ids?: { order_id?: string } };
      };
      const payload: ProviderPayload = {
        event_id: event.id,
        event_type: event.event_type,
        capture_id: typeof resource.id === 'string' ? resource.id : null,
        status: typeof resource.status === 'string' ? resource.status : null,
        custom_id: typeof resource.custom_id === 'string' ? resource.custom_id : null,
        order_id: resource.supplementary_data?.related_ids?.order_id ?? null,
        amount: resource.amount ?? null,
      };
      const isCapture =
        event.event_type === 'PAYMENT.CAPTURE.COMPLETED' &&
        typeof resource.id === 'string' &&
        typeof resource.custom_id === 'string';
      const amount =
        resource.amount && typeof resource.amount.value === 'string'
          ? paypalMinor(resource.amount.value, resource.amount.currency_code)
          : null;
      if (!isCapture || amount === null) {
        // Verified, but not a completed capture of one of our bills (CHECKOUT.ORDER.APPROVED, refunds, …): recorded, changes nothing.
        return {
          kind: 'notification',
          notification: {
            billNo: typeof resource.custom_id === 'string' ? resource.custom_id : '',
            amount: amount ?? 0,
            currency: resource.amount?.currency_code ?? '',
            tradeNo: typeof resource.id === 'string' ? resource.id : '',
            payMethod: 'paypal',
            outcome: 'ignored',
            signedAt: result.transmissionTime,
            nonce: result.transmissionId,
          },
          payload,
        };
      }
      return {
        kind: 'notification',
        notification: {
          billNo: resource.custom_id!,
          amount,
          currency: resource.amount!.currency_code,
          tradeNo: resource.id!,
          payMethod: 'paypal',
          outcome: resource.status === 'COMPLETED' ? 'paid' : 'ignored',
          signedAt: result.transmissionTime,
          nonce: result.transmissionId,
        },
        payload,
      };
    },

    async query(order): Promise<QueryResult> {
      let found = await api.getOrder(order.providerOrderId);
      if (!found)
        return { state: 'closed', payload: { order_id: order.providerOrderId, status: 'RESOURCE_NOT_FOUND' } };
      if (found.status === 'APPROVED') found = await capture(order, found);
      const payload = orderPayload(found);
      const payment = paymentOf(completedCapture(found), order.billNo);
      if (payment) return { state: 'paid', payment, payload };
      return { state: found.status === 'VOIDED' ? 'closed' : 'unpaid', payload };
    },

    async close(order) {
      // Orders v2 has no call to cancel an order: one never captured lapses by itself (PayPal voids
      // it), and we never capture it once the bill is closed. A captured one is reported as paid.
      const found = await api.getOrder(order.providerOrderId);
      if (!found)
        return { outcome: 'closed', payload: { order_id: order.providerOrderId, status: 'RESOURCE_NOT_FOUND' } };
      const payload = orderPayload(found);
      return completedCapture(found) ? { outcome: 'paid', payload } : { outcome: 'closed', payload };
    },

    async refund(order, request) {
      const captureId = await captureIdOf(order);
      if (!captureId)
        return {
          outcome: 'failed',
          error: 'the order has no completed capture',
          payload: { order_id: order.providerOrderId },
        };
      try {
        const refund = await api.refundCapture(captureId, {
          refundNo: request.refundNo,
          amount: { minor: request.amount, currency: order.currency },
          note: request.reason,
        });
        const payload = { refund_id: refund.id, status: refund.status, capture_id: captureId };
        if (refund.status === 'COMPLETED') return { outcome: 'refunded', refundId: refund.id, payload };
        if (refund.status === 'PENDING') return { outcome: 'pending', refundId: refund.id, payload };
        return { outcome: 'failed', error: `refund ${refund.status}`, payload };
      } catch (error) {
        if (!(error instanceof PaypalError) || error.status >= 500) throw error;
        return {
          outcome: 'failed',
          error: `${error.issue ?? error.code}: ${error.providerMessage}`,
          payload: errorPayload(error),
        };
      }
    },

    acknowledge(isAccepted) {
      // PayPal retries any delivery not answered 2xx (25 times over 3 days).
      return { statusCode: isAccepted ? 200 : 400, contentType: 'text/plain', body: '' };
    },

    async testConnection() {
      try {
        await api.getOrder(CONNECTION_TEST_ORDER);
        return { ok: true };
      } catch (error) {
        if (error instanceof PaypalError) return { ok: false, error: `${error.code}: ${error.providerMessage}` };
        if (error instanceof OutboundError) return { ok: false, error: error.message };
        return { ok: false, error: (error as Error).message };
      }
    },
  };
  return provider;
};
