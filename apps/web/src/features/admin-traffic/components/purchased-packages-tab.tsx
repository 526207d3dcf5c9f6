import { SearchOutlined } from '@ant-design/icons';
import { PACKAGE_STATUSES, type PackageStatus, type TAdminTrafficPackage } from '@parlour/contract/calls/traffic';
import { Button, Empty, Flex, Input, InputNumber, Progress, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs } from '@/lib/dayjs';
import { formatMoney } from '@/lib/money';
import { usePurchasedPackages } from '../api/list-purchased-packages';

const PAGE_SIZE = 20;
/** Colour of each package status (spec §4), as the merchant's packages tab shows them. */
const STATUS_COLORS: Record<PackageStatus, string> = { pending: 'warning', active: 'success', exhausted: 'error', expired: 'default' };
const day = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD') : '—');

interface Filters {
  merchant_id?: number;
  shop_id?: string;
  status?: PackageStatus;
  is_general?: boolean;
}

/** The purchased packages tab of /admin/traffic: every merchant's packages with usage, status, valid period and bill. */
export function PurchasedPackagesTab() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const packages = usePurchasedPackages({ ...filters, page, limit: pageSize });
  const apply = (next: Filters) => {
    setDraft(next);
    setFilters(next);
    setPage(1);
  };

  const columns: TableColumnsType<TAdminTrafficPackage> = [
    {
      title: t('trafficPackage.admin.column.merchant'),
      key: 'merchant',
      width: 180,
      render: (_, pkg) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: pkg.merchant_account }}>{pkg.merchant_account}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ID {pkg.merchant_id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('trafficPackage.admin.column.package'),
      key: 'package',
      width: 200,
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
          <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: '100%' }} ellipsis={{ tooltip: true }}>
            {pkg.shop_name ? `${pkg.shop_name} (${pkg.shop_id})` : t('trafficPackage.card.allShops')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('trafficPackage.admin.column.usage'),
      key: 'usage',
      width: 190,
      render: (_, pkg) => (
        <Flex vertical>
          <Typography.Text style={{ fontSize: 12 }}>{t('trafficPackage.card.used', { used: pkg.units_used.toLocaleString(), total: pkg.units_total.toLocaleString() })}</Typography.Text>
          <Progress percent={pkg.units_total ? Math.round((pkg.units_used / pkg.units_total) * 1000) / 10 : 0} size="small" status={pkg.status === 'exhausted' ? 'exception' : 'normal'} />
        </Flex>
      ),
    },
    {
      // Status and valid period share a column, so the list fits a 1366 px screen with the bill in view.
      title: t('trafficPackage.admin.column.statusPeriod'),
      key: 'status',
      width: 200,
      render: (_, pkg) => (
        <Flex vertical gap={2} align="flex-start">
          <Tag color={STATUS_COLORS[pkg.status]} variant="filled">
            {t(`trafficPackage.status.${pkg.status}`)}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {pkg.paid_at ? `${day(pkg.paid_at)} ~ ${day(pkg.expires_at)}` : t('trafficPackage.card.startsWhenPaid', { days: pkg.valid_days })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('trafficPackage.card.bill'),
      key: 'bill',
      width: 220,
      render: (_, pkg) => (
        <Flex vertical>
          <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
            {pkg.bill_no}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatMoney(pkg.amount, pkg.currency)}
          </Typography.Text>
        </Flex>
      ),
    },
  ];

  const tableWidth = columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);
  const isFiltered = Object.values(filters).some((value) => value !== undefined);

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap>
        <InputNumber
          min={1}
          precision={0}
          style={{ width: 150 }}
          placeholder={t('trafficPackage.admin.filter.merchantId')}
          aria-label={t('trafficPackage.admin.filter.merchantId')}
          value={draft.merchant_id ?? null}
          onChange={(value) => setDraft({ ...draft, merchant_id: typeof value === 'number' ? value : undefined })}
        />
        <Input
          allowClear
          style={{ width: 170 }}
          placeholder={t('trafficPackage.admin.filter.shopId')}
          aria-label={t('trafficPackage.admin.filter.shopId')}
          value={draft.shop_id ?? ''}
          onChange={(event) => setDraft({ ...draft, shop_id: event.target.value.trim().toLowerCase() || undefined })}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('trafficPackage.admin.filter.allKinds')}
          aria-label={t('trafficPackage.admin.field.kind')}
          value={draft.is_general === undefined ? undefined : draft.is_general ? 'general' : 'store'}
          options={[
            { value: 'general', label: t('trafficPackage.kind.general') },
            { value: 'store', label: t('trafficPackage.kind.store') },
          ]}
          onChange={(value?: string) => apply({ ...draft, is_general: value === undefined ? undefined : value === 'general' })}
        />
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('trafficPackage.filter.allStatuses')}
          aria-label={t('trafficPackage.filter.status')}
          value={draft.status}
          options={PACKAGE_STATUSES.map((value) => ({ value, label: t(`trafficPackage.status.${value}`) }))}
          onChange={(value?: PackageStatus) => apply({ ...draft, status: value })}
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={() => apply(draft)}>
          {t('trafficPackage.admin.filter.search')}
        </Button>
        <Button onClick={() => apply({})}>{t('trafficPackage.admin.filter.reset')}</Button>
      </Flex>
      <Table<TAdminTrafficPackage>
        rowKey="id"
        columns={columns}
        dataSource={packages.data?.list ?? []}
        loading={packages.isFetching}
        scroll={{ x: tableWidth }}
        size="middle"
        locale={{ emptyText: <Empty description={isFiltered ? t('trafficPackage.noMatch') : t('trafficPackage.admin.noPackages')} /> }}
        pagination={{
          current: page,
          pageSize,
          total: packages.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => t('trafficPackage.total', { count }),
          onChange: (next, size) => {
            setPage(size !== pageSize ? 1 : next);
            setPageSize(size);
          },
        }}
      />
    </Flex>
  );
}
