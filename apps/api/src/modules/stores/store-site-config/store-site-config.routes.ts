import * as calls from '@parlour/contract/calls/store-site-config';
import type { CallRegistrar } from '../../../platform/register-call';
import { merchantScope, operatorScope } from '../../../lib/tenant-scope';
import type { StoreSiteConfigService } from './store-site-config.service';

/** Thin handlers of the basic config: a merchant's own stores (from the session), an operator's any store (audited). */
export function registerStoreSiteConfigRoutes(
  registrar: CallRegistrar,
  deps: { storeSiteConfigService: StoreSiteConfigService },
) {
  const { register } = registrar;
  const { storeSiteConfigService } = deps;

  register(calls.merchantSiteConfigDetail, ({ input, principal }) =>
    storeSiteConfigService.getConfig({ scope: merchantScope(principal.userId), shopId: input.shop_id }),
  );
  register(calls.merchantSiteConfigEdit, ({ input: { shop_id: shopId, ...fields }, principal, lang }) =>
    storeSiteConfigService.editConfig({ scope: merchantScope(principal.userId), shopId, fields, lang }),
  );

  register(calls.adminSiteConfigDetail, ({ input }) =>
    storeSiteConfigService.getConfig({ scope: operatorScope, shopId: input.shop_id }),
  );
  register(
    calls.adminSiteConfigEdit,
    ({ input: { shop_id: shopId, ...fields }, lang }) =>
      storeSiteConfigService.editConfig({ scope: operatorScope, shopId, fields, lang }),
    {
      audit: {
        action: 'shop.edit_site_config',
        targetType: 'shop',
        targetId: (input) => input.shop_id,
        load: (shopId) => storeSiteConfigService.getConfig({ scope: operatorScope, shopId: String(shopId) }),
      },
    },
  );
}
