import { SearchOutlined } from '@ant-design/icons';
import { BILL_SORT_FIELDS, type TBill } from '@parlour/contract/calls/bill';
import { BILL_STATUSES, BILL_TYPES, type BillStatus, type BillType } from '@parlour/contract/constants';
import { Alert, Button, DatePicker, Empty, Flex, Input, Popconfirm, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BillStatusTag, RefundStateTag, billTypeLabelKey } from '@/components/bill-status-tag';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { ExportButton } from '@/components/export-button';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { PageHeader } from '@/components/page-header';
import { useListUrlState } from '@/components/use-list-url-state';
import { businessToday, useBusinessTimeZone } from '@/lib/business-time';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { formatMoney } from '@/lib/money';
import { useCancelBill } from '../api/cancel-bill';
import { exportBills, type BillFilter } from '../api/export-bills';
import { useBills } from '../api/list-bills';
import { useShopOptions } from '../api/list-shop-options';
import { BillDetailDrawer } from '../components/bill-detail-drawer';
import { PayBillModal } from '../components/pay-bill-modal';

const DEFAULT_LIMIT = 10;
const DAY_FORMAT = 'YYYY-MM-DD';

interface Filters {
  status?: BillStatus;
  type?: BillType;
  shop_id?: string;
  range?: [Dayjs, Dayjs] | null;
  keyword?: string;
}

function toFilter({ range, keyword, ...rest }: Filters): BillFilter {
  return {
    ...rest,
    keyword: keyword?.trim() || undefined,
    start_date: range?.[0]?.format(DAY_FORMAT),
    end_date: range?.[1]?.format(DAY_FORMAT),
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter as the URL carries it (`?status=unpaid&start_date=2026-01-01&…`); values out of range are dropped. */
function filterFromQuery(params: URLSearchParams): BillFilter {
  const start = params.get('start_date');
  const end = params.get('end_date');
  const hasRange = start !== null && end !== null && DAY.test(start) && DAY.test(end);
  return {
    status: oneOf(BILL_STATUSES, params.get('status')),
    type: oneOf(BILL_TYPES, params.get('type')),
    shop_id: params.get('shop_id') || undefined,
    keyword: params.get('keyword') || undefined,
    start_date: hasRange ? start : undefined,
    end_date: hasRange ? end : undefined,
  };
}

/** The form's values for a filter. */
function toDraft(filter: BillFilter): Filters {
  return {
    status: filter.status,
    type: filter.type,
    shop_id: filter.shop_id,
    keyword: filter.keyword,
    range: filter.start_date && filter.end_date ? [dayjs(filter.start_date), dayjs(filter.end_date)] : null,
  };
}

/**
 * /merchant/bill: the merchant's bills with filters, detail, pay, cancel and export (spec §2, §4).
 * `?paid=<bill_no>` (the cashier's way back after a renewal) says the payment went through.
 */
export default function BillListPage() {
  const { t } = useTranslation();
  // The date filter counts days of the business time zone, as the API does.
  const zone = useBusinessTimeZone();
  const [searchParams] = useSearchParams();
  const paidBillNo = searchParams.get('paid');
  const list = useListUrlState({
    filterKeys: ['status', 'type', 'shop_id', 'keyword', 'start_date', 'end_date'],
    parseFilter: filterFromQuery,
    defaultPageSize: DEFAULT_LIMIT,
    sortFields: BILL_SORT_FIELDS,
  });
  const filter = list.filter;
  // The form shows what is being typed; the URL holds what was searched (back and reload restore it).
  const filterKey = JSON.stringify(filter);
  const [edit, setEdit] = useState<{ for: string; draft: Filters }>({ for: filterKey, draft: toDraft(filter) });
  const draft = edit.for === filterKey ? edit.draft : toDraft(filter);
  const setDraft = (next: Filters) => setEdit({ for: filterKey, draft: next });
  const [detail, setDetail] = useState<TBill | null>(null);
  const [paying, setPaying] = useState<TBill | null>(null);
  const bills = useBills({ ...filter, ...list.query });
  // `?keyword=<bill_no>&pay=<bill_no>` (the cashier's "choose another method"): that bill's pay dialog opens once it is listed.
  const [payBillNo, setPayBillNo] = useState(() => searchParams.get('pay'));
  const billToPay = payBillNo
    ? bills.data?.list.find((bill) => bill.bill_no === payBillNo && bill.status === 'unpaid')
    : undefined;
  const shopOptions = useShopOptions();
  const cancelBill = useCancelBill();
  const apply = (next: Filters) => list.setFilter(toFilter(next));

  const onCancel = (bill: TBill) =>
    cancelBill.mutateAsync(bill.bill_no).then(() => {
      feedback.success(t('bill.cancelled'));
      if (detail?.bill_no === bill.bill_no) setDetail(null);
    });

  const onExport = async (format: Parameters<typeof exportBills>[1]) => {
    // In the order on screen: the list's filter and sort.
    const rows = await exportBills({ ...filter, ...list.sortQuery }, format);
    feedback.success(rows > 0 ? t('exportFile.done', { count: rows }) : t('exportFile.empty'));
  };

  const rowActions = (bill: TBill) => (
    <Flex wrap gap={4}>
      <Button type="link" size="small" onClick={() => setDetail(bill)}>
        {t('bill.actions.detail')}
      </Button>
      {bill.status === 'unpaid' ? (
        <>
          <Button type="link" size="small" onClick={() => setPaying(bill)}>
            {t('bill.actions.pay')}
          </Button>
          <Popconfirm
            title={t('bill.cancelConfirm.title')}
            description={
              // Cancelling the first bill of a store gives that store up: say so before it happens.
              bill.type === 'new_store' && bill.shop_id
                ? t('bill.cancelConfirm.descriptionNewStore', {
                    billNo: bill.bill_no,
                    shopName: bill.shop_name,
                    shopId: bill.shop_id,
                  })
                : t('bill.cancelConfirm.description', { billNo: bill.bill_no })
            }
            okText={t('bill.cancelConfirm.ok')}
            cancelText={t('bill.cancelConfirm.keep')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onCancel(bill).catch(() => undefined)}
          >
            <Button
              type="link"
              size="small"
              danger
              loading={cancelBill.isPending && cancelBill.variables === bill.bill_no}
            >
              {t('bill.actions.cancel')}
            </Button>
          </Popconfirm>
        </>
      ) : null}
    </Flex>
  );

  const columns: Array<DataColumn<TBill>> = [
    {
      key: 'bill_no',
      title: t('bill.fields.billNo'),
      dataIndex: 'bill_no',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      // The bill number on one line (21 characters), its copy icon below.
      width: 190,
      render: (value: string) => <Typography.Text copyable={{ text: value }}>{value}</Typography.Text>,
    },
    // A general traffic package is for no one store.
    {
      key: 'shop_name',
      title: t('bill.fields.shopName'),
      dataIndex: 'shop_name',
      width: 110,
      render: (value: string) => value || '—',
    },
    {
      key: 'type',
      title: t('bill.fields.type'),
      dataIndex: 'type',
      render: (type: BillType) => t(billTypeLabelKey(type)),
    },
    { key: 'product_name', title: t('bill.fields.productName'), dataIndex: 'product_name', width: 150 },
    // The store version of a store bill; other bills (a traffic package) name their plan in the product name.
    {
      key: 'package_name',
      title: t('bill.fields.version'),
      dataIndex: 'package_name',
      render: (value: string, bill) => (bill.type === 'new_store' || bill.type === 'renewal' ? value || '—' : '—'),
    },
    {
      key: 'amount',
      title: t('bill.fields.amount'),
      dataIndex: 'amount',
      sortField: 'amount',
      align: 'right',
      render: (_, bill) => formatMoney(bill.amount, bill.currency),
    },
    {
      key: 'status',
      title: t('bill.fields.status'),
      dataIndex: 'status',
      width: 130,
      render: (_, bill) => (
        <Flex vertical gap={2} align="start">
          <BillStatusTag status={bill.status} />
          <RefundStateTag state={bill.refund_state} />
          {bill.status === 'unpaid' ? (
            <span style={{ fontSize: 12 }}>
              <ExpiryCountdown to={bill.expires_at} onEnd={() => void bills.refetch()} />
            </span>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'created_at',
      title: t('bill.fields.createdAt'),
      dataIndex: 'created_at',
      sortField: 'created_at',
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      key: 'paid_at',
      title: t('bill.fields.paidAt'),
      dataIndex: 'paid_at',
      sortField: 'paid_at',
      isHiddenByDefault: true,
      render: (value: string | null) => <DateTimeCell value={value} />,
    },
    {
      key: 'actions',
      title: t('bill.fields.actions'),
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      width: 105,
      render: (_, bill) => rowActions(bill),
    },
  ];

  const hasFilters = list.hasFilter;

  return (
    <>
      <PageHeader extra={<ExportButton onExport={onExport} />} />
      <div className="page-body">
        {paidBillNo ? (
          <Alert
            type="success"
            showIcon
            closable
            title={t('bill.paidMessage', { billNo: paidBillNo })}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <div className="page-card">
          <Flex wrap gap={12} style={{ marginBottom: 16 }} className="list-toolbar">
            <Select<BillStatus>
              allowClear
              aria-label={t('bill.fields.status')}
              placeholder={t('bill.filters.status')}
              value={draft.status}
              onChange={(status) => apply({ ...draft, status })}
              options={BILL_STATUSES.map((status) => ({ value: status, label: t(`billStatus.${status}`) }))}
              style={{ width: 140 }}
            />
            <Select<BillType>
              allowClear
              aria-label={t('bill.fields.type')}
              placeholder={t('bill.filters.type')}
              value={draft.type}
              onChange={(type) => apply({ ...draft, type })}
              options={BILL_TYPES.map((type) => ({ value: type, label: t(billTypeLabelKey(type)) }))}
              style={{ width: 140 }}
            />
            <Select<string>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('bill.fields.shopName')}
              placeholder={t('bill.filters.shop')}
              loading={shopOptions.isLoading}
              value={draft.shop_id}
              onChange={(shopId) => apply({ ...draft, shop_id: shopId })}
              options={shopOptions.data ?? []}
              style={{ width: 200 }}
            />
            <DatePicker.RangePicker
              aria-label={t('bill.filters.createdAt')}
              value={draft.range ?? null}
              onChange={(range) =>
                apply({ ...draft, range: range && range[0] && range[1] ? [range[0], range[1]] : null })
              }
              disabledDate={(day) => day.isAfter(businessToday(zone), 'day')}
              allowClear
              style={{ width: 250 }}
            />
            <Input
              allowClear
              prefix={<SearchOutlined />}
              aria-label={t('bill.filters.keyword')}
              placeholder={t('bill.filters.keywordPlaceholder')}
              value={draft.keyword ?? ''}
              onChange={(event) => {
                const keyword = event.target.value;
                if (keyword === '' && filter.keyword) apply({ ...draft, keyword: undefined });
                else setDraft({ ...draft, keyword });
              }}
              onPressEnter={() => apply(draft)}
              style={{ width: 220 }}
            />
            <Button type="primary" ghost onClick={() => apply(draft)}>
              {t('bill.filters.search')}
            </Button>
            {hasFilters ? <Button onClick={() => apply({})}>{t('bill.filters.reset')}</Button> : null}
          </Flex>
          <DataTable<TBill>
            listId="merchant.bills"
            rowKey="bill_no"
            columns={columns}
            rows={bills.data?.list ?? []}
            isLoading={bills.isFetching}
            pagination={list.pagination(bills.data?.total ?? 0, (total) => t('bill.total', { count: total }))}
            sort={list.sort}
            onSortChange={list.setSort}
            emptyText={
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={hasFilters ? t('bill.noMatch') : t('bill.empty')}
              />
            }
          />
        </div>
      </div>
      <BillDetailDrawer
        bill={detail}
        onClose={() => setDetail(null)}
        actions={
          detail?.status === 'unpaid' ? (
            <Button type="primary" onClick={() => setPaying(detail)}>
              {t('bill.actions.pay')}
            </Button>
          ) : null
        }
      />
      <PayBillModal
        bill={paying ?? billToPay ?? null}
        onClose={() => {
          setPaying(null);
          setPayBillNo(null);
        }}
      />
    </>
  );
}
