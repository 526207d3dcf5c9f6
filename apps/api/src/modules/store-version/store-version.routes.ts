import * as calls from '@parlour/contract/calls/store';
import type { CallRegistrar } from '../../lib/register-call';
import type { StoreVersionService } from './store-version.service';

/** Thin handlers of the store-version calls of both roles (the merchant's list for creating a store is the store module's). */
export function registerStoreVersionRoutes(registrar: CallRegistrar, deps: { versions: StoreVersionService }) {
  const { register } = registrar;
  const { versions } = deps;
  register(calls.merchantPublicVersions, ({ lang }) => versions.listForMerchant(lang));
  register(calls.adminListVersions, ({ input, lang }) => versions.listForAdmin(input, lang));
  register(calls.adminListShopVersions, ({ lang }) => versions.listAll(lang));
  register(calls.adminEditVersionFunctions, ({ input, lang }) => versions.editFunctions(input, lang));
  register(calls.adminEditVersionPrices, ({ input, lang }) => versions.editPrices(input, lang));
}
