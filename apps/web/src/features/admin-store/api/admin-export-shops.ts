import { adminExportShops } from '@parlour/contract/calls/store';
import type { CallInput } from '@parlour/contract/call';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

export type ExportShopsInput = CallInput<typeof adminExportShops>;

/** The filtered list of all stores as a CSV or XLSX file (base64), with its number of rows. */
export function exportAdminShops(input: ExportShopsInput) {
  return callApi(adminExportShops, input);
}

export function useExportShops() {
  return useMutation({ mutationFn: exportAdminShops });
}
