import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { SHOP_SORT_FIELDS, type TAdminShop } from '@parlour/contract/calls/store';
import {
  STORE_STATUSES,
  STORE_TABS,
  type ExportFormat,
  type StoreStatus,
  type StoreTab,
} from '@parlour/contract/constants';
import {
  Button,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Select,
  Space,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button-link';
import { storePageLink } from '@/components/store-switcher';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import { useListUrlState } from '@/components/use-list-url-state';
import { StoreStatusTag } from '@/components/store-status-tag';
import { dayjs } from '@/lib/dayjs';
import { saveExportFile } from '@/lib/download-file';
import { feedback } from '@/lib/feedback';
import { formatMoney } from '@/lib/money';
import { useTimeLeft } from '@/lib/use-countdown';
import { storeAddress } from '@/lib/store-address';
import { useEnterStoreAdmin } from '../api/enter-store-admin';
import { exportAdminShops } from '../api/admin-export-shops';
import { useAdminShops } from '../api/admin-list-shops';
import { AddShopModal } from '../components/add-shop-modal';
import { ShopStatusAction } from '../components/shop-status-action';
import { StoreCharts } from '../components/store-charts';
import { BreakableText } from '@/components/breakable-text';

interface Filters {
  tab?: StoreTab;
  keyword?: string;
  status?: StoreStatus;
  merchant_keyword?: string;
  merchant_id?: number;
}

const PAGE_SIZE = 20;
/** Stores whose admin exists: a store being paid for or set up has none yet. */
const READY_STATUSES: readonly StoreStatus[] = ['trial', 'operating', 'pending_renewal', 'disabled'];
/** A store still waiting for its first payment, being set up or given up unpaid cannot be renewed (the API answers STORE_STATE_INVALID). */
const UNRENEWABLE_STATUSES: readonly StoreStatus[] = ['unpaid', 'initializing', 'cancelled'];
/** Statuses whose expiry is worth counting down. */
const COUNTDOWN_STATUSES: readonly StoreStatus[] = ['trial', 'operating', 'pending_renewal'];

const formatTime = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—');
const DAY_MS = 86_400_000;

/** Under a store's expiry: the whole days left while more than a day remains (the column stays narrow), the ticking countdown in the last day. */
function TimeLeft({ to }: { to: string }) {
  const { t } = useTranslation();
  const left = useTimeLeft(to);
  if (left !== null && left > DAY_MS)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('adminStore.daysLeft', { count: Math.floor(left / DAY_MS) })}
      </Typography.Text>
    );
  return <ExpiryCountdown to={to} />;
}

function cleanFilters(values: Filters): Filters {
  return {
    tab: values.tab,
    keyword: values.keyword?.trim() || undefined,
    status: values.status || undefined,
    merchant_keyword: values.merchant_keyword?.trim() || undefined,
    merchant_id: values.merchant_id || undefined,
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The tab and filters in the URL (the list keeps them there; the dashboard's figures link here): `?tab=pending_renewal`, `?status=trial`, `?merchant_id=7`. */
function fromQuery(params: URLSearchParams): Filters {
  const merchantId = Number(params.get('merchant_id'));
  return cleanFilters({
    tab: oneOf(STORE_TABS, params.get('tab')),
    keyword: params.get('keyword') ?? undefined,
    status: oneOf(STORE_STATUSES, params.get('status')),
    merchant_keyword: params.get('merchant_keyword') ?? undefined,
    merchant_id: Number.isInteger(merchantId) && merchantId > 0 ? merchantId : undefined,
  });
}

/** /admin/store: every merchant's stores, with creation and version charts, filters, export and per-store actions. */
export default function AdminStoreListPage() {
  const { t } = useTranslation();
  const list = useListUrlState({
    filterKeys: ['tab', 'keyword', 'status', 'merchant_keyword', 'merchant_id'],
    parseFilter: fromQuery,
    defaultPageSize: PAGE_SIZE,
    sortFields: SHOP_SORT_FIELDS,
  });
  const { tab = 'all', ...filters } = list.filter;
  const [form] = Form.useForm<Filters>();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const shops = useAdminShops({ tab, ...filters, ...list.query });
  const enterAdmin = useEnterStoreAdmin();
  const counts = shops.data?.counts;

  // Every filter but the tab, which the URL keeps as it is now (a tab clicked just before must not be undone).
  const search = (values: Filters) => {
    const { tab: _tab, ...next } = cleanFilters(values);
    list.patchFilter(next);
  };
  const reset = () => {
    form.setFieldsValue({ keyword: undefined, status: undefined, merchant_keyword: undefined, merchant_id: undefined });
    search({});
  };

  const onExport = async (format: ExportFormat) => {
    // In the order on screen: the list's tab, filters and sort.
    const file = await exportAdminShops({ tab, ...filters, ...list.sortQuery, format });
    if (file.rows === 0) {
      feedback.info(t('exportFile.empty'));
      return;
    }
    saveExportFile(file);
    feedback.success(t('exportFile.done', { count: file.rows }));
  };

  // A phone's cards have the width for the whole text; the table's narrow columns end it in an ellipsis.
  const isPhone = Grid.useBreakpoint().md === false;
  const cap = (width: number) => (isPhone ? undefined : width);

  const columns: Array<DataColumn<TAdminShop>> = [
    {
      title: t('adminStore.column.store'),
      key: 'store',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      width: 130,
      render: (_, shop) => (
        <Flex vertical>
          <Typography.Text strong ellipsis={{ tooltip: shop.shop_name }} style={{ maxWidth: cap(130) }}>
            {shop.shop_name}
          </Typography.Text>
          <Typography.Text type="secondary" copyable={{ text: shop.shop_id }} style={{ fontSize: 12 }}>
            {shop.shop_id}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="store-contact-email">
            <BreakableText text={shop.contact_email} />
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('adminStore.column.merchant'),
      key: 'merchant',
      width: 100,
      render: (_, shop) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: shop.merchant_account }} style={{ maxWidth: cap(100) }}>
            {shop.merchant_account}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('adminStore.merchantIdValue', { id: shop.merchant_id })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('adminStore.column.version'),
      key: 'version',
      width: 90,
      render: (_, shop) => (
        <Flex vertical align="flex-start" gap={2}>
          <Typography.Text>
            <BreakableText text={shop.package_name} />
          </Typography.Text>
          {shop.is_trial ? <Tag color="cyan">{t('adminStore.trialTag')}</Tag> : null}
        </Flex>
      ),
    },
    {
      title: t('adminStore.column.status'),
      key: 'status',
      // Capped: a given-up store's hint line wraps inside it instead of widening the column.
      width: cap(110),
      render: (_, shop) => (
        // The tags one above the other keep the column narrow.
        <Flex vertical align="flex-start" gap={4}>
          <StoreStatusTag status={shop.status} />
          {shop.is_disabled_by_operator ? (
            <Tooltip title={t('adminStore.disabledByOperatorHint')}>
              <Tag color="red">{t('adminStore.disabledByOperator')}</Tag>
            </Tooltip>
          ) : null}
          {shop.status === 'cancelled' ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('adminStore.cancelledHint')}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('adminStore.column.expiresAt'),
      key: 'expires_at',
      sortField: 'expires_at',
      render: (_, shop) => (
        <Flex vertical>
          <DateTimeCell value={shop.expires_at} />
          {shop.status === 'pending_renewal' && shop.grace_ends_at ? (
            // The label above the day keeps the column narrow; the minute is in the tooltip.
            <Typography.Text
              type="warning"
              title={formatTime(shop.grace_ends_at)}
              style={{ fontSize: 12, display: 'block' }}
            >
              {t('adminStore.graceEnds')}
              <br />
              <span style={{ whiteSpace: 'nowrap' }}>{dayjs(shop.grace_ends_at).format('YYYY-MM-DD')}</span>
            </Typography.Text>
          ) : shop.expires_at && COUNTDOWN_STATUSES.includes(shop.status) ? (
            <span style={{ fontSize: 12 }}>
              <TimeLeft to={shop.expires_at} />
            </span>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('adminStore.column.domain'),
      key: 'domain',
      dataIndex: 'domain',
      width: 130,
      render: (domain: string | null) =>
        domain ? (
          <Typography.Link
            href={storeAddress(domain)}
            target="_blank"
            rel="noopener noreferrer"
            className="store-domain"
          >
            <BreakableText text={domain} />
          </Typography.Link>
        ) : (
          '—'
        ),
    },
    {
      title: t('adminStore.column.revenue'),
      key: 'total_revenue',
      sortField: 'total_revenue',
      align: 'right',
      render: (_, shop) => formatMoney(shop.total_revenue, shop.currency),
    },
    { title: t('adminStore.column.orders'), key: 'order_count', dataIndex: 'order_count', align: 'right' },
    { title: t('adminStore.column.shipments'), key: 'shipment_count', dataIndex: 'shipment_count', align: 'right' },
    { title: t('adminStore.column.members'), key: 'member_count', dataIndex: 'member_count', align: 'right' },
    {
      title: t('adminStore.column.createdAt'),
      key: 'created_at',
      dataIndex: 'created_at',
      sortField: 'created_at',
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      title: t('adminStore.column.actions'),
      key: 'actions',
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      render: (_, shop) => (
        <Flex vertical align="flex-start">
          <Button
            type="link"
            size="small"
            disabled={!READY_STATUSES.includes(shop.status)}
            loading={enterAdmin.isPending && enterAdmin.variables === shop.shop_id}
            onClick={() => enterAdmin.mutate(shop.shop_id)}
          >
            {t('adminStore.action.enterAdmin')}
          </Button>
          <ButtonLink
            type="link"
            size="small"
            to={`/admin/store/renew?shop_id=${encodeURIComponent(shop.shop_id)}`}
            disabled={UNRENEWABLE_STATUSES.includes(shop.status)}
          >
            {t('adminStore.action.renew')}
          </ButtonLink>
          {/* The system-config group's basic config and domains of this store (a store given up unpaid has none). */}
          <ButtonLink
            type="link"
            size="small"
            to={storePageLink('/admin/setting/index', shop.shop_id)}
            disabled={shop.status === 'cancelled'}
          >
            {t('adminStore.action.siteConfig')}
          </ButtonLink>
          <ButtonLink
            type="link"
            size="small"
            to={storePageLink('/admin/setting/domain', shop.shop_id)}
            disabled={shop.status === 'cancelled'}
          >
            {t('adminStore.action.domains')}
          </ButtonLink>
          {/* A store given up unpaid has nothing to disable or enable. */}
          {shop.status === 'cancelled' ? null : <ShopStatusAction shop={shop} />}
        </Flex>
      ),
    },
  ];

  const tabLabel = (key: StoreTab) =>
    counts ? `${t(`adminStore.tab.${key}`)} (${counts[key]})` : t(`adminStore.tab.${key}`);

  return (
    <>
      <PageHeader
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAddOpen(true)}>
            {t('adminStore.add.button')}
          </Button>
        }
      />
      <div className="page-body admin-page">
        <StoreCharts />
        <section className="page-card admin-page__list" aria-label={t('adminStore.listLabel')}>
          <Tabs
            activeKey={tab}
            onChange={(key) => list.patchFilter({ tab: key === 'all' ? undefined : (key as StoreTab) })}
            items={STORE_TABS.map((key) => ({ key, label: tabLabel(key) }))}
          />
          <Form
            // The fields follow the URL: back and forward show the filter of that step.
            key={JSON.stringify(filters)}
            form={form}
            name="admin_store_filters"
            layout="inline"
            className="admin-filters"
            initialValues={filters}
            onFinish={search}
          >
            <Form.Item name="keyword">
              <Input
                allowClear
                aria-label={t('adminStore.filter.keyword')}
                placeholder={t('adminStore.filter.keyword')}
                style={{ width: 200 }}
              />
            </Form.Item>
            <Form.Item name="status">
              <Select
                allowClear
                aria-label={t('adminStore.filter.status')}
                placeholder={t('adminStore.filter.status')}
                style={{ width: 150 }}
                options={STORE_STATUSES.map((status) => ({ value: status, label: t(`storeStatus.${status}`) }))}
              />
            </Form.Item>
            <Form.Item name="merchant_keyword">
              <Input
                allowClear
                aria-label={t('adminStore.filter.merchantKeyword')}
                placeholder={t('adminStore.filter.merchantKeyword')}
                style={{ width: 200 }}
              />
            </Form.Item>
            <Form.Item name="merchant_id">
              <InputNumber
                min={1}
                precision={0}
                aria-label={t('adminStore.filter.merchantId')}
                placeholder={t('adminStore.filter.merchantId')}
                style={{ width: 130 }}
              />
            </Form.Item>
            <Form.Item>
              <Space wrap>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  {t('adminStore.filter.search')}
                </Button>
                <Button icon={<ReloadOutlined />} onClick={reset}>
                  {t('adminStore.filter.reset')}
                </Button>
                <ExportButton onExport={onExport} disabled={!shops.data} />
              </Space>
            </Form.Item>
          </Form>
          <DataTable<TAdminShop>
            listId="admin.stores"
            rowKey="id"
            columns={columns}
            rows={shops.data?.list ?? []}
            isLoading={shops.isFetching}
            emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminStore.empty')} />}
            pagination={list.pagination(shops.data?.total ?? 0, (total) => t('adminStore.total', { count: total }))}
            sort={list.sort}
            onSortChange={list.setSort}
          />
        </section>
      </div>
      <AddShopModal isOpen={isAddOpen} onClose={() => setIsAddOpen(false)} />
    </>
  );
}
