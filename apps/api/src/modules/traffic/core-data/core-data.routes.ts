import * as calls from '@parlour/contract/calls/open-core';
import type { CallRegistrar } from '../../../platform/register-call';
import type { CoreDataService } from './core-data.service';

/** Thin handlers of the operator's core data calls (admin open/core_data). */
export function registerCoreDataRoutes(registrar: CallRegistrar, deps: { coreData: CoreDataService }) {
  const { register } = registrar;
  const { coreData } = deps;

  register(calls.adminGetProductDataConfig, () => coreData.getConfig());
  register(calls.adminEditProductDataConfig, ({ input, lang }) => coreData.editConfig(input, lang), {
    audit: {
      action: 'product_data.edit',
      targetType: 'product_data',
      targetId: () => 'config',
      load: () => coreData.getConfigWithSecret(),
    },
  });
  const dataSourceAudit = {
    targetType: 'data_source',
    load: (id: string | number) => coreData.getDataSource(Number(id)),
  } as const;
  const openApiAudit = {
    targetType: 'open_api',
    load: (id: string | number) => coreData.getOpenApi(Number(id)),
  } as const;
  register(calls.adminListDataSources, () => coreData.listDataSources());
  register(calls.adminAddDataSource, ({ input }) => coreData.addDataSource(input), {
    audit: { ...dataSourceAudit, action: 'data_source.add', targetId: (_input, output) => output?.id },
  });
  register(calls.adminEditDataSource, ({ input }) => coreData.editDataSource(input), {
    audit: { ...dataSourceAudit, action: 'data_source.edit', targetId: (input) => input.id },
  });
  register(calls.adminDeleteDataSource, ({ input }) => coreData.deleteDataSource(input.id), {
    audit: { ...dataSourceAudit, action: 'data_source.delete', targetId: (input) => input.id },
  });
  register(calls.adminEnableDataSource, ({ input }) => coreData.setDataSourceEnabled(input.id, input.is_enabled), {
    audit: { ...dataSourceAudit, action: 'data_source.enable', targetId: (input) => input.id },
  });
  register(calls.adminListOpenApis, ({ input }) => coreData.listOpenApis(input));
  register(calls.adminAddOpenApi, ({ input }) => coreData.addOpenApi(input), {
    audit: { ...openApiAudit, action: 'open_api.add', targetId: (_input, output) => output?.id },
  });
  register(calls.adminEditOpenApi, ({ input }) => coreData.editOpenApi(input), {
    audit: { ...openApiAudit, action: 'open_api.edit', targetId: (input) => input.id },
  });
}
