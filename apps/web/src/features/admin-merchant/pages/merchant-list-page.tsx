import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { MERCHANT_SORT_FIELDS, type TAdminMerchant } from '@parlour/contract/calls/merchant-admin';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { MERCHANT_STATUSES, MERCHANT_TYPES, type MerchantStatus, type MerchantType } from '@parlour/contract/constants';
import { Button, Empty, Flex, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { useListUrlState } from '@/components/use-list-url-state';
import { DateRangeFilter } from '@/components/date-range-filter';
import { FilterSelect } from '@/components/filter-select';
import { PageHeader } from '@/components/page-header';
import { useMerchants } from '../api/list-merchants';
import { AddMerchantModal } from '../components/add-merchant-modal';
import { EditMerchantModal } from '../components/edit-merchant-modal';
import { MerchantCharts } from '../components/merchant-charts';
import { MerchantStatusAction } from '../components/merchant-status-action';
import { BreakableText } from '@/components/breakable-text';

interface Filters extends TDateRangeInput {
  keyword?: string;
  type?: MerchantType;
  status?: MerchantStatus;
}
interface FilterValues {
  keyword?: string;
  type?: MerchantType;
  status?: MerchantStatus;
  range?: TDateRangeInput;
}

const PAGE_SIZE = 20;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

function toFilters(values: FilterValues): Filters {
  return {
    keyword: values.keyword?.trim() || undefined,
    type: values.type || undefined,
    status: values.status || undefined,
    start_date: values.range?.start_date,
    end_date: values.range?.end_date,
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in the URL (the list keeps them there; the dashboard's figures link here): `?type=enterprise&status=disabled&keyword=…`. */
function filtersFromQuery(params: URLSearchParams): Filters {
  const start = params.get('start_date') ?? '';
  const end = params.get('end_date') ?? '';
  const hasRange = DAY.test(start) && DAY.test(end) && start <= end;
  return {
    keyword: params.get('keyword') || undefined,
    type: oneOf(MERCHANT_TYPES, params.get('type')),
    status: oneOf(MERCHANT_STATUSES, params.get('status')),
    start_date: hasRange ? start : undefined,
    end_date: hasRange ? end : undefined,
  };
}

/** /admin/merchant: every merchant with its stores and last login, registration and type charts, add and edit. */
export default function MerchantListPage() {
  const { t } = useTranslation();
  const list = useListUrlState({
    filterKeys: ['keyword', 'type', 'status', 'start_date', 'end_date'],
    parseFilter: filtersFromQuery,
    defaultPageSize: PAGE_SIZE,
    sortFields: MERCHANT_SORT_FIELDS,
  });
  const filters = list.filter;
  const [form] = Form.useForm<FilterValues>();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [editing, setEditing] = useState<TAdminMerchant | null>(null);
  const merchants = useMerchants({ ...filters, ...list.query });

  const search = (values: FilterValues) => list.setFilter(toFilters(values));
  const reset = () => {
    form.setFieldsValue({ keyword: undefined, type: undefined, status: undefined, range: undefined });
    search({});
  };

  const columns: Array<DataColumn<TAdminMerchant>> = [
    { key: 'id', title: t('adminMerchant.column.id'), dataIndex: 'id', width: 70, fixed: 'left', isRequired: true },
    {
      title: t('adminMerchant.column.account'),
      key: 'account',
      cardRole: 'title',
      width: 170,
      render: (_, merchant) => (
        <Flex vertical>
          <Typography.Text strong ellipsis={{ tooltip: merchant.account }}>
            {merchant.account}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {merchant.nickname}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('adminMerchant.column.contact'),
      key: 'contact',
      width: 160,
      render: (_, merchant) => (
        // A long email wraps at its dots and @ rather than widening the list past 1440 px or being cut off.
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text data-testid="merchant-email">
            {merchant.email ? <BreakableText text={merchant.email} /> : '—'}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {merchant.mobile ?? '—'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'type',
      title: t('adminMerchant.column.type'),
      dataIndex: 'type',
      width: 80,
      render: (type: MerchantType) => (
        <Tag color={type === 'enterprise' ? 'blue' : 'default'}>{t(`merchantType.${type}`)}</Tag>
      ),
    },
    {
      key: 'status',
      title: t('adminMerchant.column.status'),
      dataIndex: 'status',
      width: 80,
      render: (status: MerchantStatus) => (
        <Tag color={status === 'active' ? 'green' : 'red'}>{t(`merchantStatus.${status}`)}</Tag>
      ),
    },
    {
      key: 'store_count',
      sortField: 'store_count',
      title: t('adminMerchant.column.stores'),
      dataIndex: 'store_count',
      width: 80,
      align: 'right',
      render: (count: number, merchant) =>
        count > 0 ? <Link to={`/admin/store?merchant_id=${merchant.id}`}>{count}</Link> : 0,
    },
    {
      key: 'last_login_at',
      sortField: 'last_login_at',
      title: t('adminMerchant.column.lastLogin'),
      dataIndex: 'last_login_at',
      render: (value: string | null) => <DateTimeCell value={value} />,
    },
    {
      key: 'created_at',
      sortField: 'created_at',
      title: t('adminMerchant.column.createdAt'),
      dataIndex: 'created_at',
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      key: 'remark',
      title: t('adminMerchant.column.remark'),
      dataIndex: 'remark',
      width: 110,
      ellipsis: { showTitle: true },
      render: (remark: string) => remark || '—',
    },
    {
      title: t('adminMerchant.column.actions'),
      key: 'actions',
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      width: 130,
      render: (_, merchant) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(merchant)}>
            {t('adminMerchant.action.edit')}
          </Button>
          <MerchantStatusAction merchant={merchant} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAddOpen(true)}>
            {t('adminMerchant.add.button')}
          </Button>
        }
      />
      <div className="page-body admin-page">
        <MerchantCharts />
        <section className="page-card admin-page__list" aria-label={t('adminMerchant.listLabel')}>
          <Form
            form={form}
            name="admin_merchant_filters"
            layout="inline"
            className="admin-filters"
            key={JSON.stringify(filters)}
            initialValues={{
              keyword: filters.keyword,
              type: filters.type,
              status: filters.status,
              range: filters.start_date ? { start_date: filters.start_date, end_date: filters.end_date } : undefined,
            }}
            onFinish={search}
          >
            <Form.Item name="keyword">
              <Input
                allowClear
                aria-label={t('adminMerchant.filter.keyword')}
                placeholder={t('adminMerchant.filter.keyword')}
                style={{ width: 240 }}
              />
            </Form.Item>
            <Form.Item name="type">
              <FilterSelect
                label={t('adminMerchant.filter.type')}
                options={MERCHANT_TYPES.map((type) => ({ value: type, label: t(`merchantType.${type}`) }))}
              />
            </Form.Item>
            <Form.Item name="status">
              <FilterSelect
                label={t('adminMerchant.filter.status')}
                options={MERCHANT_STATUSES.map((status) => ({ value: status, label: t(`merchantStatus.${status}`) }))}
              />
            </Form.Item>
            <Form.Item name="range" label={t('adminMerchant.filter.registeredAt')}>
              <DateRangeFilter allowClear />
            </Form.Item>
            <Form.Item>
              <Space wrap>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  {t('adminMerchant.filter.search')}
                </Button>
                <Button icon={<ReloadOutlined />} onClick={reset}>
                  {t('adminMerchant.filter.reset')}
                </Button>
              </Space>
            </Form.Item>
          </Form>
          <DataTable<TAdminMerchant>
            listId="admin.merchants"
            rowKey="id"
            columns={columns}
            rows={merchants.data?.list ?? []}
            isLoading={merchants.isFetching}
            emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminMerchant.empty')} />}
            pagination={list.pagination(merchants.data?.total ?? 0, (total) =>
              t('adminMerchant.total', { count: total }),
            )}
            sort={list.sort}
            onSortChange={list.setSort}
          />
        </section>
      </div>
      <AddMerchantModal isOpen={isAddOpen} onClose={() => setIsAddOpen(false)} />
      <EditMerchantModal merchant={editing} onClose={() => setEditing(null)} />
    </>
  );
}
