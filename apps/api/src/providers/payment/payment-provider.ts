import type { PayMethod } from '@parlour/contract/constants';

/** What we ask a provider to collect. */
export interface PaymentRequest {
  billNo: string;
  amount: number;
  currency: string;
  payMethod: PayMethod;
  productName: string;
  expiresAt: Date;
}

/** A provider's notification, once its signature has been checked. */
export interface PaymentNotification {
  billNo: string;
  amount: number;
  currency: string;
  tradeNo: string;
  payMethod: PayMethod;
  outcome: 'paid' | 'failed';
}

/**
 * A payment provider: creates a payment and hands back where the payer goes; later tells us the
 * outcome through a signed notification to POST /api/v1/payment/notify/<name>.
 */
export interface PaymentProvider {
  name: string;
  createPayment(request: PaymentRequest): Promise<{ payUrl: string }>;
  /** The notification in the body, or null when its signature or shape is wrong. */
  verifyNotification(body: unknown): Promise<PaymentNotification | null>;
  /** The body the provider expects back when we accepted a notification, and when we did not. */
  acknowledgement: { accepted: string; rejected: string };
}
