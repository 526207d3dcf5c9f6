import { createBillRepository } from '../modules/money/bill/bill.repository';
import { registerBillRoutes } from '../modules/money/bill/bill.routes';
import { createBillService } from '../modules/money/bill/bill.service';
import { createCashierService } from '../modules/money/payment/cashier.service';
import { createCashierLinks } from '../modules/money/payment/cashier-link';
import { registerPaymentSettingsRoutes } from '../modules/money/payment/payment-settings.routes';
import {
  createPaymentSettingsService,
  readPaymentSettingsForProviders,
} from '../modules/money/payment/payment-settings.service';
import { createPaymentRepository } from '../modules/money/payment/payment.repository';
import { NOTIFY_PATH, registerPaymentRoutes } from '../modules/money/payment/payment.routes';
import { createPaymentService } from '../modules/money/payment/payment.service';
import { watchProvider } from '../modules/operations/operations/provider-status';
import { outboundRequest } from '../lib/outbound/outbound-http';
import { PAYMENT_PROVIDER_FACTORIES } from '../providers/payment/payment-provider-factories';
import { createPaymentProviderRegistry } from '../providers/payment/payment-provider-registry';
import { createSandboxPaymentProvider, SANDBOX_PROVIDER } from '../providers/payment/sandbox-payment-provider';
import type { Platform } from './platform';

/**
 * Money: bills, and the whole conversation with the payment providers — one provider per pay method
 * from the operator's settings, the sandbox outside production (docs/payments.md). What a paid bill
 * does to what it bought is plugged in by the areas that sell (billService.setEffects).
 */
export function wireMoney(platform: Platform) {
  const { app, config, options, db, clock, settings, secretBox, outbound, providerStatus, registrar } = platform;
  const sandboxProvider =
    config.paymentProvider === 'sandbox'
      ? createSandboxPaymentProvider({ getKey: () => settings.getSigningKey('sandbox-payment') })
      : null;
  const paymentProviders = createPaymentProviderRegistry({
    sandbox: sandboxProvider,
    loadSettings: () => readPaymentSettingsForProviders({ settings, secrets: secretBox }),
    factories: options.paymentProviderFactories ?? PAYMENT_PROVIDER_FACTORIES,
    context: {
      clock,
      request: (url, request) =>
        watchProvider(providerStatus, 'payment', () => outboundRequest(outbound, url, request)),
    },
  });
  const paymentSettingsService = createPaymentSettingsService({
    settings,
    secrets: secretBox,
    publicOrigin: platform.publicOrigin,
    providers: paymentProviders,
  });
  registerPaymentSettingsRoutes(registrar, { paymentSettingsService, providers: paymentProviders });
  const cashierLinks = createCashierLinks({ getKey: () => settings.getSigningKey('cashier') });
  const billService = createBillService({ db, repository: createBillRepository(db), settings, clock });
  registerBillRoutes(registrar, { billService });
  // The whole conversation with the providers: their orders, notifications, queries, closes and refunds.
  const paymentService = createPaymentService({
    db,
    repository: createPaymentRepository(db),
    billService,
    providers: paymentProviders,
    cashierLinks,
    clock,
    publicOrigin: platform.publicOrigin,
  });
  billService.onCancelled((billNo) => paymentService.closeOrder(billNo));
  // Our cashier page for every provider; its pay / fail buttons only with the sandbox.
  const cashierService = createCashierService({
    provider: sandboxProvider,
    reconcileByQuery: paymentService.reconcileByQuery,
    links: cashierLinks,
    billService,
    clock,
    // Through HTTP routing like a provider's delivery, so the notify endpoint is the only way in.
    deliver: async (body) => {
      await app.inject({ method: 'POST', url: `${NOTIFY_PATH}/${SANDBOX_PROVIDER}`, payload: body });
    },
  });
  registerPaymentRoutes(app, registrar, {
    paymentService,
    cashierService,
    ipRateLimit: platform.ipRateLimit,
    billService,
  });
  return { paymentProviders, paymentSettingsService, cashierLinks, billService, paymentService, cashierService };
}
export type Money = ReturnType<typeof wireMoney>;
