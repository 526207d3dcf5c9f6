import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  PACKAGE_SORT_FIELDS,
  PACKAGE_STATUSES,
  type PackageStatus,
  type TAdminTrafficPackage,
} from '@parlour/contract/calls/traffic';
import { Button, Empty, Flex, Form, Input, InputNumber, Progress, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { useListUrlState } from '@/components/use-list-url-state';
import { dayjs } from '@/lib/dayjs';
import { formatMoney } from '@/lib/money';
import { usePurchasedPackages } from '../api/list-purchased-packages';

const PAGE_SIZE = 20;
/** Colour of each package status (spec §4), as the merchant's packages tab shows them. */
const STATUS_COLORS: Record<PackageStatus, string> = {
  pending: 'warning',
  active: 'success',
  exhausted: 'error',
  expired: 'default',
};
const day = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD') : '—');

const KINDS = ['general', 'store'] as const;
type PackageKind = (typeof KINDS)[number];

interface PackageFilter {
  merchant_id?: number;
  shop_id?: string;
  status?: PackageStatus;
  /** General or store packages (the call's `is_general`). */
  kind?: PackageKind;
}
const PACKAGE_FILTER_KEYS = ['merchant_id', 'shop_id', 'status', 'kind'] as const satisfies ReadonlyArray<
  keyof PackageFilter
>;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The filter in the URL: `?tab=packages&merchant_id=7&shop_id=lucy&status=active&kind=store`; values out of range are dropped. */
function packageFilterFromQuery(params: URLSearchParams): PackageFilter {
  const merchantId = Number(params.get('merchant_id'));
  return {
    merchant_id: Number.isInteger(merchantId) && merchantId > 0 ? merchantId : undefined,
    shop_id: params.get('shop_id')?.trim().toLowerCase() || undefined,
    status: oneOf(PACKAGE_STATUSES, params.get('status')),
    kind: oneOf(KINDS, params.get('kind')),
  };
}

interface FilterValues {
  merchant_id?: number | null;
  shop_id?: string;
  status?: PackageStatus;
  kind?: PackageKind;
}

/**
 * The purchased packages tab of /admin/traffic: every merchant's packages with usage, status, valid
 * period and bill. Filters, sort (bought, valid until, units used, amount: the server sorts, the
 * list is paged) and page live in the URL.
 */
export function PurchasedPackagesTab() {
  const { t } = useTranslation();
  const list = useListUrlState({
    filterKeys: PACKAGE_FILTER_KEYS,
    parseFilter: packageFilterFromQuery,
    defaultPageSize: PAGE_SIZE,
    sortFields: PACKAGE_SORT_FIELDS,
  });
  const { kind, ...filter } = list.filter;
  const packages = usePurchasedPackages({
    ...filter,
    is_general: kind === undefined ? undefined : kind === 'general',
    ...list.query,
  });
  const [form] = Form.useForm<FilterValues>();

  const search = (values: FilterValues) =>
    list.setFilter({
      merchant_id: values.merchant_id || undefined,
      shop_id: values.shop_id?.trim().toLowerCase() || undefined,
      status: values.status || undefined,
      kind: values.kind || undefined,
    });
  /** A choice from a list searches at once, with the other fields as they are. */
  const searchNow = () => search(form.getFieldsValue());

  const columns: Array<DataColumn<TAdminTrafficPackage>> = [
    {
      title: t('trafficPackage.admin.column.package'),
      key: 'package',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      width: 170,
      render: (_, pkg) => (
        <Flex vertical gap={2}>
          <Flex gap={6} align="center" wrap>
            <Typography.Text strong ellipsis={{ tooltip: pkg.name }} style={{ maxWidth: 110 }}>
              {pkg.name}
            </Typography.Text>
            <Tag color={pkg.is_general ? 'blue' : 'purple'} style={{ marginInlineEnd: 0 }}>
              {pkg.is_general ? t('trafficPackage.kind.general') : t('trafficPackage.kind.store')}
            </Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 170 }} ellipsis={{ tooltip: true }}>
            {pkg.shop_name ? `${pkg.shop_name} (${pkg.shop_id})` : t('trafficPackage.card.allShops')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('trafficPackage.admin.column.merchant'),
      key: 'merchant',
      width: 130,
      render: (_, pkg) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: pkg.merchant_account }} style={{ maxWidth: 130 }}>
            {pkg.merchant_account}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ID {pkg.merchant_id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('trafficPackage.admin.column.usage'),
      key: 'usage',
      sortField: 'units_used',
      width: 150,
      render: (_, pkg) => {
        const percent = pkg.units_total ? Math.round((pkg.units_used / pkg.units_total) * 1000) / 10 : 0;
        return (
          <Flex vertical style={{ minWidth: 130 }}>
            <Typography.Text style={{ fontSize: 12 }}>
              {t('trafficPackage.card.used', {
                used: pkg.units_used.toLocaleString(),
                total: pkg.units_total.toLocaleString(),
              })}
            </Typography.Text>
            <Progress
              percent={percent}
              size="small"
              status={pkg.status === 'exhausted' ? 'exception' : 'normal'}
              aria-label={t('trafficPackage.card.usage', { percent })}
            />
          </Flex>
        );
      },
    },
    {
      title: t('trafficPackage.admin.column.status'),
      key: 'status',
      render: (_, pkg) => (
        <Tag color={STATUS_COLORS[pkg.status]} variant="filled">
          {t(`trafficPackage.status.${pkg.status}`)}
        </Tag>
      ),
    },
    {
      title: t('trafficPackage.admin.column.validPeriod'),
      key: 'expires_at',
      sortField: 'expires_at',
      width: 130,
      render: (_, pkg) =>
        pkg.paid_at ? (
          // The two days on two lines keep the column narrow.
          <Flex vertical style={{ fontSize: 12 }} aria-label={`${day(pkg.paid_at)} ~ ${day(pkg.expires_at)}`}>
            <span>{day(pkg.paid_at)} ~</span>
            <span>{day(pkg.expires_at)}</span>
          </Flex>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('trafficPackage.card.startsWhenPaid', { days: pkg.valid_days })}
          </Typography.Text>
        ),
    },
    {
      title: t('trafficPackage.card.bill'),
      key: 'bill',
      dataIndex: 'bill_no',
      render: (billNo: string) => (
        <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap' }}>
          {billNo}
        </Typography.Text>
      ),
    },
    {
      title: t('trafficPackage.card.amount'),
      key: 'amount',
      sortField: 'amount',
      align: 'right',
      render: (_, pkg) => formatMoney(pkg.amount, pkg.currency),
    },
    {
      title: t('trafficPackage.admin.column.createdAt'),
      key: 'created_at',
      dataIndex: 'created_at',
      sortField: 'created_at',
      render: (value: string) => <DateTimeCell value={value} />,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Form
        // The fields follow the URL: back and forward show the filter of that step.
        key={JSON.stringify(list.filter)}
        form={form}
        name="admin_package_filters"
        layout="inline"
        className="admin-filters"
        initialValues={list.filter}
        onFinish={search}
      >
        <Form.Item name="merchant_id">
          <InputNumber
            min={1}
            precision={0}
            style={{ width: 150 }}
            placeholder={t('trafficPackage.admin.filter.merchantId')}
            aria-label={t('trafficPackage.admin.filter.merchantId')}
          />
        </Form.Item>
        <Form.Item name="shop_id">
          <Input
            allowClear
            style={{ width: 170 }}
            placeholder={t('trafficPackage.admin.filter.shopId')}
            aria-label={t('trafficPackage.admin.filter.shopId')}
          />
        </Form.Item>
        <Form.Item name="kind">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('trafficPackage.admin.filter.allKinds')}
            aria-label={t('trafficPackage.admin.field.kind')}
            options={KINDS.map((value) => ({ value, label: t(`trafficPackage.kind.${value}`) }))}
            onChange={searchNow}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('trafficPackage.filter.allStatuses')}
            aria-label={t('trafficPackage.filter.status')}
            options={PACKAGE_STATUSES.map((value) => ({ value, label: t(`trafficPackage.status.${value}`) }))}
            onChange={searchNow}
          />
        </Form.Item>
        <Form.Item>
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('trafficPackage.admin.filter.search')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => list.setFilter({})}>
              {t('trafficPackage.admin.filter.reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      <DataTable<TAdminTrafficPackage>
        listId="admin.traffic.packages"
        rowKey="id"
        columns={columns}
        rows={packages.data?.list ?? []}
        isLoading={packages.isFetching}
        emptyText={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={list.hasFilter ? t('trafficPackage.noMatch') : t('trafficPackage.admin.noPackages')}
          />
        }
        pagination={list.pagination(packages.data?.total ?? 0, (count) => t('trafficPackage.total', { count }))}
        sort={list.sort}
        onSortChange={list.setSort}
      />
    </Flex>
  );
}
