import * as calls from '@parlour/contract/calls/open-core';
import { LOG_PLATFORMS } from '@parlour/contract/constants';
import type { FastifyInstance } from 'fastify';
import type { CallRegistrar } from '../../../platform/register-call';
import {
  SANDBOX_IMAGE_NAME,
  SANDBOX_IMAGES_PREFIX,
  sandboxImageSvg,
} from '../../../providers/product-data/sandbox-images';
import { sandboxItemNames } from '../../../providers/product-data/sandbox-product-data-provider';
import type { CoreDataService } from './core-data.service';

/** Thin handlers of the operator's core data calls (admin open/core_data). */
export function registerCoreDataRoutes(registrar: CallRegistrar, deps: { coreDataService: CoreDataService }) {
  const { register } = registrar;
  const { coreDataService } = deps;

  register(calls.adminGetProductDataConfig, () => coreDataService.getConfig());
  register(calls.adminEditProductDataConfig, ({ input, lang }) => coreDataService.editConfig(input, lang), {
    audit: {
      action: 'product_data.edit',
      targetType: 'product_data',
      targetId: () => 'config',
      load: () => coreDataService.getConfigWithSecret(),
    },
  });
  const dataSourceAudit = {
    targetType: 'data_source',
    load: (id: string | number) => coreDataService.getDataSource(Number(id)),
  } as const;
  const openApiAudit = {
    targetType: 'open_api',
    load: (id: string | number) => coreDataService.getOpenApi(Number(id)),
  } as const;
  register(calls.adminListDataSources, () => coreDataService.listDataSources());
  register(calls.adminAddDataSource, ({ input }) => coreDataService.addDataSource(input), {
    audit: { ...dataSourceAudit, action: 'data_source.add', targetId: (_input, output) => output?.id },
  });
  register(calls.adminEditDataSource, ({ input }) => coreDataService.editDataSource(input), {
    audit: { ...dataSourceAudit, action: 'data_source.edit', targetId: (input) => input.id },
  });
  register(calls.adminDeleteDataSource, ({ input }) => coreDataService.deleteDataSource(input.id), {
    audit: { ...dataSourceAudit, action: 'data_source.delete', targetId: (input) => input.id },
  });
  register(
    calls.adminEnableDataSource,
    ({ input }) => coreDataService.setDataSourceEnabled(input.id, input.is_enabled),
    {
      audit: { ...dataSourceAudit, action: 'data_source.enable', targetId: (input) => input.id },
    },
  );
  register(calls.adminListOpenApis, ({ input }) => coreDataService.listOpenApis(input));
  register(calls.adminAddOpenApi, ({ input }) => coreDataService.addOpenApi(input), {
    audit: { ...openApiAudit, action: 'open_api.add', targetId: (_input, output) => output?.id },
  });
  register(calls.adminEditOpenApi, ({ input }) => coreDataService.editOpenApi(input), {
    audit: { ...openApiAudit, action: 'open_api.edit', targetId: (input) => input.id },
  });
}

/**
 * The sandbox provider's item pictures (providers/product-data/sandbox-images.ts): drawn on request,
 * the same picture for the same address, so browsers may keep them for a day.
 */
export function registerSandboxImages(app: FastifyInstance) {
  app.get(`${SANDBOX_IMAGES_PREFIX}*`, async (request, reply) => {
    const match = SANDBOX_IMAGE_NAME.exec(request.url.split('?')[0] ?? '');
    const platform = match?.[1] as (typeof LOG_PLATFORMS)[number] | undefined;
    if (!match || !platform || !LOG_PLATFORMS.includes(platform))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const svg = sandboxImageSvg({
      platform,
      itemId: match[2],
      index: Number(match[3]),
      names: sandboxItemNames(platform, match[2]),
    });
    return reply
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml; charset=utf-8')
      .send(svg);
  });
}
