import * as calls from '@parlour/contract/calls/store-site-config';
import type { CallRegistrar } from '../../../platform/register-call';
import { merchantScope, operatorScope } from '../../../lib/tenant-scope';
import type { StoreSiteConfigService } from './store-site-config.service';

/** Thin handlers of the basic config: a merchant's own stores (from the session), an operator's any store (audited). */
export function registerStoreSiteConfigRoutes(registrar: CallRegistrar, deps: { siteConfigs: StoreSiteConfigService }) {
  const { register } = registrar;
  const { siteConfigs } = deps;

  register(calls.merchantSiteConfigDetail, ({ input, principal }) =>
    siteConfigs.getConfig({ scope: merchantScope(principal.userId), shopId: input.shop_id }),
  );
  register(calls.merchantSiteConfigEdit, ({ input: { shop_id: shopId, ...fields }, principal, lang }) =>
    siteConfigs.editConfig({ scope: merchantScope(principal.userId), shopId, fields, lang }),
  );

  register(calls.adminSiteConfigDetail, ({ input }) =>
    siteConfigs.getConfig({ scope: operatorScope, shopId: input.shop_id }),
  );
  register(
    calls.adminSiteConfigEdit,
    ({ input: { shop_id: shopId, ...fields }, lang }) =>
      siteConfigs.editConfig({ scope: operatorScope, shopId, fields, lang }),
    {
      audit: {
        action: 'shop.edit_site_config',
        targetType: 'shop',
        targetId: (input) => input.shop_id,
        load: (shopId) => siteConfigs.getConfig({ scope: operatorScope, shopId: String(shopId) }),
      },
    },
  );
}
