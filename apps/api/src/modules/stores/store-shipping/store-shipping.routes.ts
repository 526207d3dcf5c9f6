import * as calls from '@parlour/contract/calls/store-shipping';
import { merchantScope } from '../../../lib/tenant-scope';
import type { CallRegistrar } from '../../../platform/register-call';
import type { StoreShippingService } from './store-shipping.service';

/** Thin handlers: a merchant's own stores' shipping rate tables (the store from the session's merchant). */
export function registerStoreShippingRoutes(
  registrar: CallRegistrar,
  deps: { storeShippingService: StoreShippingService },
) {
  const { register } = registrar;
  const { storeShippingService } = deps;
  register(calls.merchantStoreShippingDetail, ({ input, principal }) =>
    storeShippingService.getShipping({ scope: merchantScope(principal.userId), shopId: input.shop_id }),
  );
  register(calls.merchantStoreShippingEdit, ({ input, principal }) =>
    storeShippingService.editShipping({
      scope: merchantScope(principal.userId),
      shopId: input.shop_id,
      zones: input.zones,
    }),
  );
}
