import { adminExportBills } from '@parlour/contract/calls/bill';
import type { CallInput } from '@parlour/contract/call';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/request';

export type ExportBillsInput = CallInput<typeof adminExportBills>;

/** The filtered list of all bills as a CSV or XLSX file (base64), with its number of rows. */
export function exportAdminBills(input: ExportBillsInput) {
  return callApi(adminExportBills, input);
}

export function useExportBills() {
  return useMutation({ mutationFn: exportAdminBills });
}
