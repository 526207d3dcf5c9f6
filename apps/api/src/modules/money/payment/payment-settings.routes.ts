import * as calls from '@parlour/contract/calls/payment-settings';
import type { PayMethod } from '@parlour/contract/constants';
import type { CallRegistrar } from '../../../platform/register-call';
import type { PaymentProviderRegistry } from '../../../providers/payment/payment-provider-registry';
import type { PaymentSettingsService } from './payment-settings.service';

/** Thin handlers of the operator's payment settings and the merchant's list of pay methods. */
export function registerPaymentSettingsRoutes(
  registrar: CallRegistrar,
  deps: { paymentSettingsService: PaymentSettingsService; providers: PaymentProviderRegistry },
) {
  const { register } = registrar;
  const { paymentSettingsService, providers } = deps;
  register(calls.adminPaymentSettings, () => paymentSettingsService.view());
  register(calls.adminSetPaymentSettings, ({ input }) => paymentSettingsService.save(input), {
    audit: {
      action: 'settings.edit_payment',
      targetType: 'settings',
      targetId: (input) => `payment.${input.method}`,
      load: (target) => paymentSettingsService.getMethodValues(String(target).replace('payment.', '') as PayMethod),
    },
  });
  // Calls the provider and changes nothing stored: recorded once it went out.
  register(
    calls.adminTestPaymentConnection,
    ({ input, lang }) => paymentSettingsService.testConnection(input.method, lang),
    {
      audit: {
        action: 'settings.test_payment',
        targetType: 'settings',
        targetId: (input) => `payment.${input.method}`,
        isExternalOnly: true,
      },
    },
  );
  register(calls.merchantPayMethods, async () => ({ list: await providers.offeredMethods() }));
}
