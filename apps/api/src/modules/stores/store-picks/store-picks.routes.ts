import * as calls from '@parlour/contract/calls/store-picks';
import { merchantScope } from '../../../lib/tenant-scope';
import type { CallRegistrar } from '../../../platform/register-call';
import type { StorePicksService } from './store-picks.service';

/** Thin handlers: a merchant's own stores' picks (the merchant from the session, the store by its shop_id). */
export function registerStorePicksRoutes(registrar: CallRegistrar, deps: { storePicksService: StorePicksService }) {
  const { register } = registrar;
  const { storePicksService } = deps;

  register(calls.merchantStorePicksList, ({ input, principal }) =>
    storePicksService.listPicks({ scope: merchantScope(principal.userId), shopId: input.shop_id }),
  );
  register(calls.merchantStorePickAdd, ({ input, principal, lang }) =>
    storePicksService.addPick({
      scope: merchantScope(principal.userId),
      shopId: input.shop_id,
      link: input.link,
      lang,
    }),
  );
  register(calls.merchantStorePickDelete, ({ input, principal }) =>
    storePicksService.removePick({ scope: merchantScope(principal.userId), shopId: input.shop_id, id: input.id }),
  );
  register(calls.merchantStorePickMove, ({ input, principal }) =>
    storePicksService.movePick({
      scope: merchantScope(principal.userId),
      shopId: input.shop_id,
      id: input.id,
      direction: input.direction,
    }),
  );
}
