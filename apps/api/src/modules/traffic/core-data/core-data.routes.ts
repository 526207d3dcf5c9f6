import * as calls from '@parlour/contract/calls/open-core';
import type { CallRegistrar } from '../../../platform/register-call';
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
