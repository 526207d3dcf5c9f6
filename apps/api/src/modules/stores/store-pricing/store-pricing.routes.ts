import * as calls from '@parlour/contract/calls/store-pricing';
import type { CallRegistrar } from '../../../platform/register-call';
import { merchantScope } from '../../../lib/tenant-scope';
import type { StorePricingService } from './store-pricing.service';

/** Thin handlers: a merchant's own stores' pricing (from the session); the operator's published rates (audited). */
export function registerStorePricingRoutes(
  registrar: CallRegistrar,
  deps: { storePricingService: StorePricingService },
) {
  const { register } = registrar;
  const { storePricingService } = deps;

  register(calls.merchantStorePricingDetail, ({ input, principal }) =>
    storePricingService.getPricing({ scope: merchantScope(principal.userId), shopId: input.shop_id }),
  );
  register(calls.merchantStorePricingEdit, ({ input: { shop_id: shopId, ...fields }, principal }) =>
    storePricingService.editPricing({ scope: merchantScope(principal.userId), shopId, fields }),
  );

  register(calls.adminExchangeRatesDetail, () => storePricingService.getExchangeRates());
  register(calls.adminExchangeRatesEdit, ({ input }) => storePricingService.setExchangeRates(input.rates), {
    audit: {
      action: 'settings.exchange_rates',
      targetType: 'settings',
      targetId: () => 'exchange_rates',
      load: () => storePricingService.getExchangeRates(),
    },
  });
}
