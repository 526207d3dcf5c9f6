import * as calls from '@parlour/contract/calls/store';
import type { CallRegistrar } from '../../lib/register-call';
import type { StoreVersionService } from './store-version.service';

/** Thin handlers of the store-version calls of both roles (the merchant's list for creating a store is the store module's). */
export function registerStoreVersionRoutes(registrar: CallRegistrar, deps: { versions: StoreVersionService }) {
  const { register } = registrar;
  const { versions } = deps;
  register(calls.merchantPublicVersions, () => versions.listForMerchant());
  register(calls.adminListVersions, ({ input }) => versions.listForAdmin(input));
  register(calls.adminListShopVersions, () => versions.listAll());
  register(calls.adminEditVersionFunctions, ({ input }) => versions.editFunctions(input));
  register(calls.adminEditVersionPrices, ({ input }) => versions.editPrices(input));
}
