import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { TAdminShop } from '@parlour/contract/calls/store';
import { STORE_STATUSES, STORE_TABS, type ExportFormat, type StoreStatus, type StoreTab } from '@parlour/contract/constants';
import { Button, Empty, Flex, Form, Grid, Input, InputNumber, Select, Space, Table, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/button-link';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { ExportButton } from '@/components/export-button';
import { PageHeader } from '@/components/page-header';
import { StoreStatusTag } from '@/components/store-status-tag';
import { dayjs } from '@/lib/dayjs';
import { saveExportFile } from '@/lib/download-file';
import { feedback } from '@/lib/feedback';
import { formatMoney } from '@/lib/money';
import { useEnterStoreAdmin } from '../api/enter-store-admin';
import { exportShops } from '../api/export-shops';
import { useShops } from '../api/list-shops';
import { AddShopModal } from '../components/add-shop-modal';
import { ShopStatusAction } from '../components/shop-status-action';
import { StoreCharts } from '../components/store-charts';

interface Filters {
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

function cleanFilters(values: Filters): Filters {
  return {
    keyword: values.keyword?.trim() || undefined,
    status: values.status || undefined,
    merchant_keyword: values.merchant_keyword?.trim() || undefined,
    merchant_id: values.merchant_id || undefined,
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => ((values as readonly string[]).includes(value ?? '') ? (value as T) : undefined);

/** The tab and filters a link may carry (the dashboard's figures link here): `?tab=pending_renewal`, `?status=trial`, `?merchant_id=7`. */
function fromQuery(params: URLSearchParams): { tab: StoreTab; filters: Filters } {
  const merchantId = Number(params.get('merchant_id'));
  return {
    tab: oneOf(STORE_TABS, params.get('tab')) ?? 'all',
    filters: cleanFilters({
      keyword: params.get('keyword') ?? undefined,
      status: oneOf(STORE_STATUSES, params.get('status')),
      merchant_keyword: params.get('merchant_keyword') ?? undefined,
      merchant_id: Number.isInteger(merchantId) && merchantId > 0 ? merchantId : undefined,
    }),
  };
}

/** /admin/store: every merchant's stores, with creation and version charts, filters, export and per-store actions. */
export default function StoreListPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [initial] = useState(() => fromQuery(searchParams));
  const [form] = Form.useForm<Filters>();
  const [tab, setTab] = useState<StoreTab>(initial.tab);
  const [filters, setFilters] = useState<Filters>(initial.filters);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [isAddOpen, setIsAddOpen] = useState(false);
  const shops = useShops({ tab, page, limit: pageSize, ...filters });
  const enterAdmin = useEnterStoreAdmin();
  const counts = shops.data?.counts;
  // Fixed columns on a phone would leave no room for the others.
  const isWide = Grid.useBreakpoint().md ?? false;

  const search = (values: Filters) => {
    setFilters(cleanFilters(values));
    setPage(1);
  };
  const reset = () => {
    form.setFieldsValue({ keyword: undefined, status: undefined, merchant_keyword: undefined, merchant_id: undefined });
    search({});
  };

  const onExport = async (format: ExportFormat) => {
    const file = await exportShops({ tab, ...filters, format });
    if (file.rows === 0) {
      feedback.info(t('exportFile.empty'));
      return;
    }
    saveExportFile(file);
    feedback.success(t('exportFile.done', { count: file.rows }));
  };

  const columns: TableColumnsType<TAdminShop> = [
    {
      title: t('adminStore.column.store'),
      key: 'store',
      fixed: isWide ? 'left' : undefined,
      width: 210,
      render: (_, shop) => (
        <Flex vertical>
          <Typography.Text strong ellipsis={{ tooltip: shop.shop_name }}>
            {shop.shop_name}
          </Typography.Text>
          <Typography.Text type="secondary" copyable={{ text: shop.shop_id }} style={{ fontSize: 12 }}>
            {shop.shop_id}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: shop.contact_email }} style={{ fontSize: 12 }}>
            {shop.contact_email}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('adminStore.column.merchant'),
      key: 'merchant',
      width: 200,
      render: (_, shop) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: shop.merchant_account }}>{shop.merchant_account}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('adminStore.merchantIdValue', { id: shop.merchant_id })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('adminStore.column.version'),
      key: 'version',
      width: 130,
      render: (_, shop) => (
        <Space size={4} wrap>
          <span>{shop.package_name}</span>
          {shop.is_trial ? <Tag color="cyan">{t('adminStore.trialTag')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('adminStore.column.status'),
      key: 'status',
      width: 130,
      render: (_, shop) => (
        <Space size={4} wrap>
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
        </Space>
      ),
    },
    {
      title: t('adminStore.column.expiresAt'),
      key: 'expires_at',
      width: 190,
      render: (_, shop) => (
        <Flex vertical>
          <span>{formatTime(shop.expires_at)}</span>
          {shop.status === 'pending_renewal' && shop.grace_ends_at ? (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              {t('adminStore.graceEndsAt', { time: formatTime(shop.grace_ends_at) })}
            </Typography.Text>
          ) : shop.expires_at && COUNTDOWN_STATUSES.includes(shop.status) ? (
            <span style={{ fontSize: 12 }}>
              <ExpiryCountdown to={shop.expires_at} />
            </span>
          ) : null}
        </Flex>
      ),
    },
    { title: t('adminStore.column.domain'), dataIndex: 'domain', width: 180, ellipsis: true, render: (domain: string | null) => domain ?? '—' },
    {
      title: t('adminStore.column.revenue'),
      key: 'total_revenue',
      width: 130,
      align: 'right',
      render: (_, shop) => formatMoney(shop.total_revenue, shop.currency),
    },
    { title: t('adminStore.column.orders'), dataIndex: 'order_count', width: 90, align: 'right' },
    { title: t('adminStore.column.shipments'), dataIndex: 'shipment_count', width: 90, align: 'right' },
    { title: t('adminStore.column.members'), dataIndex: 'member_count', width: 90, align: 'right' },
    { title: t('adminStore.column.createdAt'), dataIndex: 'created_at', width: 150, render: formatTime },
    {
      title: t('adminStore.column.actions'),
      key: 'actions',
      fixed: isWide ? 'right' : undefined,
      width: 150,
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
          <ButtonLink type="link" size="small" to={`/admin/store/renew?shop_id=${encodeURIComponent(shop.shop_id)}`} disabled={UNRENEWABLE_STATUSES.includes(shop.status)}>
            {t('adminStore.action.renew')}
          </ButtonLink>
          {/* A store given up unpaid has nothing to disable or enable. */}
          {shop.status === 'cancelled' ? null : <ShopStatusAction shop={shop} />}
        </Flex>
      ),
    },
  ];

  const tabLabel = (key: StoreTab) => (counts ? `${t(`adminStore.tab.${key}`)} (${counts[key]})` : t(`adminStore.tab.${key}`));

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
            onChange={(key) => {
              setTab(key as StoreTab);
              setPage(1);
            }}
            items={STORE_TABS.map((key) => ({ key, label: tabLabel(key) }))}
          />
          <Form form={form} name="admin_store_filters" layout="inline" className="admin-filters" initialValues={initial.filters} onFinish={search}>
            <Form.Item name="keyword">
              <Input allowClear aria-label={t('adminStore.filter.keyword')} placeholder={t('adminStore.filter.keyword')} style={{ width: 200 }} />
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
              <Input allowClear aria-label={t('adminStore.filter.merchantKeyword')} placeholder={t('adminStore.filter.merchantKeyword')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="merchant_id">
              <InputNumber min={1} precision={0} aria-label={t('adminStore.filter.merchantId')} placeholder={t('adminStore.filter.merchantId')} style={{ width: 130 }} />
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
          <Table<TAdminShop>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={shops.data?.list ?? []}
            loading={shops.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminStore.empty')} /> }}
            pagination={{
              current: page,
              pageSize,
              total: shops.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('adminStore.total', { count: total }),
              onChange: (nextPage, nextSize) => {
                setPage(nextSize === pageSize ? nextPage : 1);
                setPageSize(nextSize);
              },
            }}
          />
        </section>
      </div>
      <AddShopModal isOpen={isAddOpen} onClose={() => setIsAddOpen(false)} />
    </>
  );
}
