import * as calls from '@parlour/contract/calls/store';
import type { CallRegistrar } from '../../../platform/register-call';
import type { StoreVersionService } from './store-version.service';

/** Thin handlers of the store-version calls of both roles (the merchant's list for creating a store is the store module's). */
export function registerStoreVersionRoutes(
  registrar: CallRegistrar,
  deps: { storeVersionService: StoreVersionService },
) {
  const { register } = registrar;
  const { storeVersionService } = deps;
  register(calls.merchantPublicVersions, ({ lang }) => storeVersionService.listForMerchant(lang));
  register(calls.adminListVersions, ({ input, lang }) => storeVersionService.listForAdmin(input, lang));
  register(calls.adminListShopVersions, ({ lang }) => storeVersionService.listAll(lang));
  const versionAudit = {
    targetType: 'store_version',
    load: (id: string | number) => storeVersionService.getVersion(Number(id)),
  } as const;
  register(calls.adminEditVersionFunctions, ({ input, lang }) => storeVersionService.editFunctions(input, lang), {
    audit: {
      ...versionAudit,
      action: (input) => (input.id === undefined ? 'store_version.add' : 'store_version.edit'),
      targetId: (input, output) => input.id ?? output?.id,
    },
  });
  register(calls.adminEditVersionPrices, ({ input, lang }) => storeVersionService.editPrices(input, lang), {
    audit: { ...versionAudit, action: 'store_version.edit_prices', targetId: (input) => input.id },
  });
}
