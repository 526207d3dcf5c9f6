import { OutboundError } from '../../lib/outbound/outbound-policy';
import type {
  PaymentProvider,
  PaymentProviderFactory,
  ProviderPayload,
  QueryResult,
  RefundResult,
} from './payment-provider';
import { endpointOf, type WechatPaySettings } from './payment-settings';
import { createWechatPayApi, WechatPayError, type WechatRefund } from './wechat-pay-api';
import { wechatNotificationFailure, type WechatTransaction } from './wechat-pay-protocol';

/** An out_trade_no no bill has (bill numbers start with B): the connection test's query, answered ORDER_NOT_EXIST when the credentials work. */
const CONNECTION_TEST_ORDER = 'PARLOURCONNECTIONTEST';

/** trade_state values after which the order will never be paid. */
const CLOSED_STATES = new Set(['CLOSED', 'REVOKED', 'PAYERROR']);
/** trade_state values of an order that was paid (REFUND: paid, then refunded). */
const PAID_STATES = new Set(['SUCCESS', 'REFUND']);

/** What we keep of a transaction: no payer identity beyond WeChat Pay's ids, no secrets. */
function transactionPayload(transaction: WechatTransaction): ProviderPayload {
  return {
    out_trade_no: transaction.out_trade_no,
    transaction_id: transaction.transaction_id ?? null,
    trade_state: transaction.trade_state,
    trade_state_desc: transaction.trade_state_desc ?? null,
    success_time: transaction.success_time ?? null,
    amount: transaction.amount,
  };
}

function refundResult(refund: WechatRefund): RefundResult {
  const payload = refundPayload(refund);
  if (refund.status === 'SUCCESS') return { outcome: 'refunded', refundId: refund.refund_id, payload };
  if (refund.status === 'PROCESSING') return { outcome: 'pending', refundId: refund.refund_id, payload };
  // ABNORMAL or CLOSED: this out_refund_no is spent; WeChat Pay takes a new refund only under a new one.
  return { outcome: 'failed', error: `refund ${refund.status}`, payload, isNumberSpent: true };
}

function refundPayload(refund: WechatRefund): ProviderPayload {
  return {
    refund_id: refund.refund_id,
    out_refund_no: refund.out_refund_no,
    status: refund.status,
    success_time: refund.success_time ?? null,
    amount: refund.amount,
  };
}

const errorPayload = (error: WechatPayError): ProviderPayload => ({
  status: error.status,
  code: error.code,
  message: error.providerMessage,
});

/**
 * WeChat Pay API v3, Native (docs/decisions/0003-wechat-pay-node-crypto.md): the cashier shows
 * code_url as a QR code; out_trade_no is the bill number; notifications are verified (signature,
 * five minutes, serial), decrypted and checked against our mchid and appid before the payment
 * service sees them.
 */
export const createWechatPaymentProvider: PaymentProviderFactory<WechatPaySettings> = (settings, context) => {
  const api = createWechatPayApi({
    request: context.request,
    clock: context.clock,
    baseUrl: endpointOf('wechat', settings),
    credentials: {
      mchid: settings.merchantId.trim(),
      appid: settings.appId.trim(),
      merchantSerialNo: settings.merchantSerialNo.trim(),
      merchantPrivateKey: settings.merchantPrivateKey,
      apiV3Key: settings.apiV3Key.trim(),
      platformKeys: [{ pem: settings.platformPublicKey, serial: settings.platformPublicKeyId.trim() || undefined }],
    },
  });
  const { mchid, appid } = api.credentials;

  const provider: PaymentProvider = {
    name: 'wechat',

    async createPayment(request) {
      const { codeUrl } = await api.createNativeOrder({
        outTradeNo: request.billNo,
        description: request.productName,
        total: request.amount,
        currency: request.currency,
        expiresAt: request.expiresAt,
        notifyUrl: request.notifyUrl,
      });
      return { flow: { flow: 'qr', codeUrl }, providerOrderId: request.billNo };
    },

    async verifyNotification({ rawBody, headers }) {
      const result = api.verifyNotification(headers, rawBody);
      if (!result.isValid) {
        const billNo = result.failure === 'wrong_merchant' ? result.outTradeNo : undefined;
        return {
          kind: 'invalid',
          reason: result.failure,
          ...(billNo ? { billNo } : {}),
          payload: { failure: result.failure },
        };
      }
      if (result.resource === 'refund') {
        const { refund } = result;
        const outcome =
          refund.refund_status === 'SUCCESS'
            ? 'refunded'
            : refund.refund_status === 'ABNORMAL' || refund.refund_status === 'CLOSED'
              ? 'failed'
              : 'ignored';
        return {
          kind: 'refund',
          refund: {
            billNo: refund.out_trade_no,
            refundNo: refund.out_refund_no,
            refundId: refund.refund_id,
            outcome,
            status: refund.refund_status,
            amount: refund.amount.refund,
            total: refund.amount.total,
            signedAt: result.signedAt,
            nonce: result.nonce,
          },
          payload: {
            notification_id: result.notificationId,
            event_type: result.eventType,
            out_trade_no: refund.out_trade_no,
            transaction_id: refund.transaction_id ?? null,
            out_refund_no: refund.out_refund_no,
            refund_id: refund.refund_id,
            refund_status: refund.refund_status,
            success_time: refund.success_time ?? null,
            amount: refund.amount,
          },
        };
      }
      const { transaction } = result;
      const isPaid =
        result.eventType === 'TRANSACTION.SUCCESS' &&
        transaction.trade_state === 'SUCCESS' &&
        !!transaction.transaction_id;
      return {
        kind: 'notification',
        notification: {
          billNo: transaction.out_trade_no,
          amount: transaction.amount.total,
          currency: transaction.amount.currency,
          tradeNo: transaction.transaction_id ?? '',
          payMethod: 'wechat',
          outcome: isPaid ? 'paid' : 'ignored',
          signedAt: result.signedAt,
          nonce: result.nonce,
        },
        payload: {
          notification_id: result.notificationId,
          event_type: result.eventType,
          ...transactionPayload(transaction),
        },
      };
    },

    async query(order): Promise<QueryResult> {
      const transaction = await api.queryOrder(order.providerOrderId);
      if (!transaction) return { state: 'closed', payload: { trade_state: 'ORDER_NOT_EXIST' } };
      const payload = transactionPayload(transaction);
      // An answer for another merchant or app is not about our bill (a misconfigured endpoint).
      if (
        transaction.mchid !== mchid ||
        transaction.appid !== appid ||
        transaction.out_trade_no !== order.providerOrderId
      ) {
        throw new WechatPayError(200, 'RESPONSE_INVALID', 'the query answered another merchant, app or order');
      }
      if (PAID_STATES.has(transaction.trade_state) && transaction.transaction_id) {
        return {
          state: 'paid',
          payment: {
            billNo: order.billNo,
            amount: transaction.amount.total,
            currency: transaction.amount.currency,
            tradeNo: transaction.transaction_id,
            payMethod: 'wechat',
          },
          payload,
        };
      }
      return { state: CLOSED_STATES.has(transaction.trade_state) ? 'closed' : 'unpaid', payload };
    },

    async close(order) {
      try {
        await api.closeOrder(order.providerOrderId);
        return { outcome: 'closed', payload: { trade_state: 'CLOSED' } };
      } catch (error) {
        if (!(error instanceof WechatPayError) || error.status >= 500) throw error;
        if (error.code === 'ORDERPAID') return { outcome: 'paid', payload: errorPayload(error) };
        if (error.code === 'ORDER_NOT_EXIST') return { outcome: 'closed', payload: errorPayload(error) };
        return { outcome: 'failed', error: `${error.code}: ${error.providerMessage}`, payload: errorPayload(error) };
      }
    },

    async refund(order, request) {
      try {
        const refund = await api.refund({
          outTradeNo: order.providerOrderId,
          outRefundNo: request.refundNo,
          reason: request.reason,
          refund: request.amount,
          total: order.amount,
          currency: order.currency,
          notifyUrl: request.notifyUrl,
        });
        return refundResult(refund);
      } catch (error) {
        if (!(error instanceof WechatPayError) || error.status >= 500) throw error;
        return { outcome: 'failed', error: `${error.code}: ${error.providerMessage}`, payload: errorPayload(error) };
      }
    },

    /** A refund answered PROCESSING, asked about again: SUCCESS refunded, PROCESSING still pending, ABNORMAL or CLOSED failed. */
    async queryRefund(_order, refundNo) {
      try {
        return refundResult(await api.queryRefund(refundNo));
      } catch (error) {
        if (!(error instanceof WechatPayError) || error.status >= 500) throw error;
        return { outcome: 'failed', error: `${error.code}: ${error.providerMessage}`, payload: errorPayload(error) };
      }
    },

    acknowledge(isAccepted) {
      // Documented: success is 200 or 204 without a body; failure a 4XX/5XX with { code: "FAIL", message }.
      return isAccepted
        ? { statusCode: 204, contentType: 'application/json', body: '' }
        : { statusCode: 400, contentType: 'application/json', body: wechatNotificationFailure('失败') };
    },

    async testConnection() {
      try {
        await api.queryOrder(CONNECTION_TEST_ORDER);
        return { ok: true };
      } catch (error) {
        if (error instanceof WechatPayError) return { ok: false, error: `${error.code}: ${error.providerMessage}` };
        if (error instanceof OutboundError) return { ok: false, error: error.message };
        return { ok: false, error: (error as Error).message };
      }
    },
  };
  return provider;
};
