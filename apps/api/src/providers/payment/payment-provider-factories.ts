import { createAlipayProvider } from './alipay-provider';
import type { PaymentProviderFactories } from './payment-provider-registry';
import { createPaypalPaymentProvider } from './paypal-payment-provider';
import { createWechatPaymentProvider } from './wechat-payment-provider';

/**
 * The provider of each pay method, built from the operator's settings when the method is enabled
 * and configured (payment-provider-registry.ts). One line per method.
 */
export const PAYMENT_PROVIDER_FACTORIES: PaymentProviderFactories = {
  wechat: createWechatPaymentProvider,
  alipay: createAlipayProvider,
  paypal: createPaypalPaymentProvider,
};
