import * as calls from '@parlour/contract/calls/open-core';
import type { CallRegistrar } from '../../lib/register-call';
import type { CoreDataService } from './core-data.service';

/** Thin handlers of the operator's core data calls (admin open/core_data). */
export function registerCoreDataRoutes(registrar: CallRegistrar, deps: { coreData: CoreDataService }) {
  const { register } = registrar;
  const { coreData } = deps;

  register(calls.adminGetProductDataConfig, () => coreData.getConfig());
  register(calls.adminEditProductDataConfig, ({ input, lang }) => coreData.editConfig(input, lang));
  register(calls.adminListDataSources, () => coreData.listDataSources());
  register(calls.adminAddDataSource, ({ input }) => coreData.addDataSource(input));
  register(calls.adminEditDataSource, ({ input }) => coreData.editDataSource(input));
  register(calls.adminDeleteDataSource, ({ input }) => coreData.deleteDataSource(input.id));
  register(calls.adminEnableDataSource, ({ input }) => coreData.setDataSourceEnabled(input.id, input.is_enabled));
  register(calls.adminListOpenApis, ({ input }) => coreData.listOpenApis(input));
  register(calls.adminAddOpenApi, ({ input }) => coreData.addOpenApi(input));
  register(calls.adminEditOpenApi, ({ input }) => coreData.editOpenApi(input));
}
