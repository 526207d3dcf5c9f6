import { merchantExportShops } from '@parlour/contract/calls/store';
import type { ExportFormat, StoreStatus, StoreTab } from '@parlour/contract/constants';
import { saveExportFile } from '@/lib/download-file';
import { callApi } from '@/lib/request';

/** Exports the store list under the current tab and search, and saves the file. Answers the number of rows. */
export async function exportShops(filter: { tab: StoreTab; keyword?: string; status?: StoreStatus }, format: ExportFormat) {
  const file = await callApi(merchantExportShops, { ...filter, format });
  saveExportFile(file);
  return file.rows;
}
