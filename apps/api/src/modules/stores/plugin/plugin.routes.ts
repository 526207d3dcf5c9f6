import * as calls from '@parlour/contract/calls/plugin';
import { STORE_PLUGINS_PATH } from '@parlour/contract/calls/plugin';
import type { FastifyInstance } from 'fastify';
import type { CallRegistrar } from '../../../platform/register-call';
import { ok, requestLang } from '../../../plugins/envelope';
import { apiKeyOf } from '../../traffic/open-api/open-api.routes';
import { PUBLIC_BODY_LIMITS, publicRouteOptions } from '../../../platform/rate-limit/ip-rate-limit.service';
import type { PluginService } from './plugin.service';

/**
 * Thin handlers of the plugin calls: the operator's catalogue and types, the merchant's market and
 * store plugins; and the store system's list of a store's enabled plugins (`POST /open/v1/plugins`
 * with the store's API key, outside the /api/v1 contract like the Open API, and not metered).
 */
export function registerPluginRoutes(
  app: FastifyInstance,
  registrar: CallRegistrar,
  deps: { pluginService: PluginService },
) {
  const { register } = registrar;
  const { pluginService } = deps;

  app.post(STORE_PLUGINS_PATH, publicRouteOptions(PUBLIC_BODY_LIMITS.openApi), async (request, reply) => {
    const data = await pluginService.enabledPluginsForKey(apiKeyOf(request));
    return reply.send(ok(data, requestLang(request)));
  });

  // ----- operator: catalogue -----
  register(calls.adminListPlugins, ({ input, lang }) => pluginService.listForAdmin(input, lang));
  register(calls.adminPluginDetail, ({ input, lang }) => pluginService.getForAdmin(input.id, lang));
  register(calls.adminListPluginInstalls, ({ input }) => pluginService.listInstallsForAdmin(input));
  register(calls.adminPluginStatusLists, ({ lang }) => pluginService.statusLists(lang));
  register(calls.adminPluginTypeLists, ({ lang }) => pluginService.listTypesForAdmin(lang));
  // Recorded in Chinese, the text operators write first (the `localized` field has both languages).
  const pluginAudit = {
    targetType: 'plugin',
    load: (id: string | number) => pluginService.getForAdmin(Number(id), 'zh-CN'),
  } as const;
  register(
    calls.adminAddPlugin,
    ({ input, principal, lang }) => pluginService.addPlugin({ adminId: principal.userId, fields: input, lang }),
    {
      audit: { ...pluginAudit, action: 'plugin.add', targetId: (_input, output) => output?.id },
    },
  );
  register(
    calls.adminEditPlugin,
    ({ input, lang }) => pluginService.editPlugin({ id: input.id, fields: input, lang }),
    {
      audit: { ...pluginAudit, action: 'plugin.edit', targetId: (input) => input.id },
    },
  );
  register(calls.adminSetPluginStatus, ({ input, lang }) => pluginService.setStatus(input.id, input.status, lang), {
    audit: { ...pluginAudit, action: 'plugin.set_status', targetId: (input) => input.id },
  });

  // ----- operator: types -----
  register(calls.adminListPluginTypes, ({ lang }) => pluginService.listTypesForAdmin(lang));
  const typeAudit = {
    targetType: 'plugin_type',
    load: (id: string | number) => pluginService.getTypeForAdmin(Number(id), 'zh-CN').catch(() => null),
  } as const;
  register(calls.adminAddPluginType, ({ input, lang }) => pluginService.addType(input, lang), {
    audit: { ...typeAudit, action: 'plugin_type.add', targetId: (_input, output) => output?.id },
  });
  register(calls.adminEditPluginType, ({ input, lang }) => pluginService.editType(input.id, input, lang), {
    audit: { ...typeAudit, action: 'plugin_type.edit', targetId: (input) => input.id },
  });
  register(calls.adminDeletePluginType, ({ input }) => pluginService.deleteType(input.id), {
    audit: { ...typeAudit, action: 'plugin_type.delete', targetId: (input) => input.id },
  });

  // ----- merchant -----
  register(calls.merchantListMarketPlugins, ({ input, principal, lang }) =>
    pluginService.listMarket(principal.userId, input, lang),
  );
  register(calls.merchantListShopPlugins, ({ input, principal, lang }) =>
    pluginService.listShopPlugins(principal.userId, input, lang),
  );
  register(calls.merchantPluginDetail, ({ input, principal, lang }) =>
    pluginService.getForMerchant(principal.userId, input, lang),
  );
  register(calls.merchantPluginTypeLists, ({ lang }) => pluginService.listTypes(lang));
  register(calls.merchantSetShopPluginStatus, ({ input, principal, lang }) =>
    pluginService.setShopPluginStatus(principal.userId, input, lang),
  );
  register(calls.merchantAddShopPlugin, ({ input, principal, lang }) =>
    pluginService.addShopPlugin(principal.userId, input, lang),
  );
}
