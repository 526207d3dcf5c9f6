import * as calls from '@parlour/contract/calls/payment-settings';
import type { PayMethod } from '@parlour/contract/constants';
import type { CallRegistrar } from '../../../platform/register-call';
import type { PaymentProviderRegistry } from '../../../providers/payment/payment-provider-registry';
import type { PaymentSettingsService } from './payment-settings.service';

/** Thin handlers of the operator's payment settings and the merchant's list of pay methods. */
export function registerPaymentSettingsRoutes(
  registrar: CallRegistrar,
  deps: { paymentSettings: PaymentSettingsService; providers: PaymentProviderRegistry },
) {
  const { register } = registrar;
  const { paymentSettings, providers } = deps;
  register(calls.adminPaymentSettings, () => paymentSettings.view());
  register(calls.adminSetPaymentSettings, ({ input }) => paymentSettings.save(input), {
    audit: {
      action: 'settings.edit_payment',
      targetType: 'settings',
      targetId: (input) => `payment.${input.method}`,
      load: (target) => paymentSettings.getMethodValues(String(target).replace('payment.', '') as PayMethod),
    },
  });
  // Calls the provider and changes nothing stored: recorded once it went out.
  register(calls.adminTestPaymentConnection, ({ input, lang }) => paymentSettings.testConnection(input.method, lang), {
    audit: {
      action: 'settings.test_payment',
      targetType: 'settings',
      targetId: (input) => `payment.${input.method}`,
      isExternalOnly: true,
    },
  });
  register(calls.merchantPayMethods, async () => ({ list: await providers.offeredMethods() }));
}
