import * as calls from '@parlour/contract/calls/plugin-settings';
import { merchantScope } from '../../../lib/tenant-scope';
import type { CallRegistrar } from '../../../platform/register-call';
import type { PluginSettingsService } from './plugin-settings.service';

/** Thin handlers: a merchant's own stores' plugin settings (the store from the session's merchant). */
export function registerPluginSettingsRoutes(
  registrar: CallRegistrar,
  deps: { pluginSettingsService: PluginSettingsService },
) {
  const { register } = registrar;
  const { pluginSettingsService: service } = deps;
  register(calls.merchantLiveChatDetail, ({ input, principal }) =>
    service.getLiveChat({ scope: merchantScope(principal.userId), shopId: input.shop_id }),
  );
  register(calls.merchantLiveChatEdit, ({ input: { shop_id: shopId, ...channels }, principal }) =>
    service.editLiveChat({ scope: merchantScope(principal.userId), shopId, channels }),
  );
  register(calls.merchantBuyerGuideDetail, ({ input, principal }) =>
    service.getBuyerGuide({ scope: merchantScope(principal.userId), shopId: input.shop_id }),
  );
  register(calls.merchantBuyerGuideEdit, ({ input, principal }) =>
    service.editBuyerGuide({ scope: merchantScope(principal.userId), shopId: input.shop_id, content: input.content }),
  );
}
