import { merchantExportBills } from '@parlour/contract/calls/bill';
import type { ExportFormat } from '@parlour/contract/constants';
import type { z } from 'zod';
import type { BillSortField, ZBillFilter } from '@parlour/contract/calls/bill';
import type { SortOrder } from '@parlour/contract/schemas';
import { saveExportFile } from '@/lib/download-file';
import { callApi } from '@/lib/request';

export type BillFilter = z.input<typeof ZBillFilter> & { sort_field?: BillSortField; sort_order?: SortOrder };

/** Exports the bill list under the current filters and saves the file. Answers the number of rows. */
export async function exportBills(filter: BillFilter, format: ExportFormat) {
  const file = await callApi(merchantExportBills, { ...filter, format });
  saveExportFile(file);
  return file.rows;
}
