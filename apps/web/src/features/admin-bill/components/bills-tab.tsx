import { BILL_SORT_FIELDS, type TAdminBill } from '@parlour/contract/calls/bill';
import type { ExportFormat } from '@parlour/contract/constants';
import { Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { ExportButton } from '@/components/export-button';
import { useListUrlState } from '@/components/use-list-url-state';
import { saveExportFile } from '@/lib/download-file';
import { feedback } from '@/lib/feedback';
import { exportAdminBills } from '../api/admin-export-bills';
import { useAdminBills } from '../api/admin-list-bills';
import { useBillColumns } from './bill-columns';
import { AdminBillDetailDrawer } from './admin-bill-detail-drawer';
import { BILL_FILTER_KEYS, BillFilters, billFilterFromQuery } from './bill-filters';

const PAGE_SIZE = 20;

/** The "Bills" tab: every merchant's bills, filtered, paged, exportable, with a detail drawer. */
export function BillsTab() {
  const { t } = useTranslation();
  const list = useListUrlState({
    filterKeys: BILL_FILTER_KEYS,
    parseFilter: billFilterFromQuery,
    defaultPageSize: PAGE_SIZE,
    sortFields: BILL_SORT_FIELDS,
  });
  const { filter } = list;
  const [detail, setDetail] = useState<TAdminBill | null>(null);
  const bills = useAdminBills({ ...filter, ...list.query });
  const columns = useBillColumns({ onDetail: setDetail });

  const onExport = async (format: ExportFormat) => {
    // In the order on screen: the list's filter and sort.
    const file = await exportAdminBills({ ...filter, ...list.sortQuery, format });
    if (file.rows === 0) {
      feedback.info(t('exportFile.empty'));
      return;
    }
    saveExportFile(file);
    feedback.success(t('exportFile.done', { count: file.rows }));
  };

  return (
    <>
      <BillFilters
        // The fields follow the URL: back and forward show the filter of that step.
        key={JSON.stringify(filter)}
        name="admin_bill_filters"
        hasStatus
        hasDateRange
        initialFilter={filter}
        onSearch={list.setFilter}
        actions={<ExportButton onExport={onExport} disabled={!bills.data} />}
      />
      <DataTable<TAdminBill>
        listId="admin.bills"
        rowKey="id"
        columns={columns}
        rows={bills.data?.list ?? []}
        isLoading={bills.isFetching}
        emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminBill.empty')} />}
        pagination={list.pagination(bills.data?.total ?? 0, (total) => t('adminBill.total', { count: total }))}
        sort={list.sort}
        onSortChange={list.setSort}
      />
      <AdminBillDetailDrawer bill={detail} onClose={() => setDetail(null)} />
    </>
  );
}
