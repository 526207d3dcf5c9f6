import type { TAdminBill } from '@parlour/contract/calls/bill';
import type { ExportFormat } from '@parlour/contract/constants';
import { Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ExportButton } from '@/components/export-button';
import { saveExportFile } from '@/lib/download-file';
import { feedback } from '@/lib/feedback';
import { exportBills } from '../api/export-bills';
import { useBills } from '../api/list-bills';
import { useBillColumns } from './bill-columns';
import { BillDetailDrawer } from './bill-detail-drawer';
import { BillFilters, billFilterFromQuery, type BillFilter } from './bill-filters';

const PAGE_SIZE = 20;

/** The "Bills" tab: every merchant's bills, filtered, paged, exportable, with a detail drawer. */
export function BillsTab() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [filter, setFilter] = useState<BillFilter>(() => billFilterFromQuery(searchParams));
  const [initialFilter] = useState(filter);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [detail, setDetail] = useState<TAdminBill | null>(null);
  const bills = useBills({ ...filter, page, limit: pageSize });
  const columns = useBillColumns({ onDetail: setDetail });

  const onExport = async (format: ExportFormat) => {
    const file = await exportBills({ ...filter, format });
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
        name="admin_bill_filters"
        hasStatus
        hasDateRange
        initialFilter={initialFilter}
        onSearch={(next) => {
          setFilter(next);
          setPage(1);
        }}
        actions={<ExportButton onExport={onExport} disabled={!bills.data} />}
      />
      <Table<TAdminBill>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={bills.data?.list ?? []}
        loading={bills.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminBill.empty')} /> }}
        pagination={{
          current: page,
          pageSize,
          total: bills.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('adminBill.total', { count: total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === pageSize ? nextPage : 1);
            setPageSize(nextSize);
          },
        }}
      />
      <BillDetailDrawer bill={detail} onClose={() => setDetail(null)} />
    </>
  );
}
