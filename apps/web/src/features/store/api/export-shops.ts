import { merchantExportShops, type ShopSortField } from '@parlour/contract/calls/store';
import type { ExportFormat, StoreStatus, StoreTab } from '@parlour/contract/constants';
import type { SortOrder } from '@parlour/contract/schemas';
import { saveExportFile } from '@/lib/download-file';
import { callApi } from '@/lib/request';

/** Exports the store list under the current tab, search and sort (the order on screen), and saves the file. Answers the number of rows. */
export async function exportShops(
  filter: { tab: StoreTab; keyword?: string; status?: StoreStatus; sort_field?: ShopSortField; sort_order?: SortOrder },
  format: ExportFormat,
) {
  const file = await callApi(merchantExportShops, { ...filter, format });
  saveExportFile(file);
  return file.rows;
}
