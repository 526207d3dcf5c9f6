import { InfoCircleOutlined } from '@ant-design/icons';
import type { TShop } from '@parlour/contract/calls/store';
import { Button, Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button-link';
import { DateTimeCell } from '@/components/date-time-cell';
import { DataTable, type DataColumn, type DataTablePagination } from '@/components/data-table';
import { storePageLink } from '@/components/store-switcher';
import type { ListSort } from '@/components/use-list-url-state';
import { StoreStatusTag } from '@/components/store-status-tag';
import { formatMoney } from '@/lib/money';
import { storeAddress } from '@/lib/store-address';
import { StoreExpiry } from './store-expiry';
import { BreakableText } from '@/components/breakable-text';

/** Stores that are not ready cannot be entered or renewed yet. */
const NOT_READY = new Set<TShop['status']>(['unpaid', 'initializing']);

/**
 * A store given up unpaid (its bill cancelled or expired): says so, and that its ID is free again;
 * its only action is the bill that explains it.
 */
function CancelledStoreNote() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('store.list.cancelledHint')}>
      <Typography.Text type="secondary" style={{ fontSize: 12, cursor: 'help' }}>
        <InfoCircleOutlined /> {t('store.list.cancelledNote')}
      </Typography.Text>
    </Tooltip>
  );
}

interface StoreTableProps {
  shops: TShop[];
  isLoading: boolean;
  pagination: DataTablePagination;
  sort?: ListSort;
  onSortChange: (sort: ListSort | null) => void;
  onEnterAdmin: (shop: TShop) => void;
  onPay: (shop: TShop) => void;
  onRenew: (shop: TShop) => void;
  onShowProgress: (shop: TShop) => void;
  onExpire: () => void;
  /** The store whose admin link is being fetched, and the one whose bill is being opened. */
  enteringShopId?: string;
  payingShopId?: string;
  emptyText: ReactNode;
}

const count = (value: number) => value.toLocaleString();

/** The merchant's stores with their figures and actions (spec §2 store list). */
export function StoreTable({
  shops,
  isLoading,
  pagination,
  sort,
  onSortChange,
  onEnterAdmin,
  onPay,
  onRenew,
  onShowProgress,
  onExpire,
  enteringShopId,
  payingShopId,
  emptyText,
}: StoreTableProps) {
  const { t } = useTranslation();
  const columns: Array<DataColumn<TShop>> = [
    {
      key: 'shop_name',
      title: t('store.fields.shopName'),
      dataIndex: 'shop_name',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      width: 120,
      // The store ID under the name: the pair names the store in one column (and a phone card's title).
      render: (name: string, shop) => (
        <Flex vertical gap={2} align="start">
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" copyable={{ text: shop.shop_id }} style={{ fontSize: 12 }}>
            {shop.shop_id}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'package_name', title: t('store.fields.version'), dataIndex: 'package_name' },
    {
      key: 'status',
      title: t('store.fields.status'),
      dataIndex: 'status',
      render: (_, shop) => (
        <Flex vertical gap={2} align="start">
          <StoreStatusTag status={shop.status} />
          {shop.is_disabled_by_operator ? (
            // Wraps under the tag rather than widening the column.
            <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 96, lineHeight: 1.3 }}>
              {t('store.list.disabledByOperator')}
            </Typography.Text>
          ) : null}
          {shop.status === 'cancelled' ? <CancelledStoreNote /> : null}
        </Flex>
      ),
    },
    {
      key: 'expires_at',
      title: t('store.fields.expiry'),
      dataIndex: 'expires_at',
      sortField: 'expires_at',
      width: 120,
      render: (_, shop) => <StoreExpiry shop={shop} onEnd={onExpire} />,
    },
    {
      key: 'domain',
      title: t('store.fields.domain'),
      dataIndex: 'domain',
      width: 130,
      // The whole domain, wrapped at its dots: cut off, two stores' domains could not be told apart.
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
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'order_count',
      title: t('store.fields.orderCount'),
      dataIndex: 'order_count',
      align: 'right',
      render: count,
    },
    {
      key: 'shipment_count',
      title: t('store.fields.shipmentCount'),
      dataIndex: 'shipment_count',
      align: 'right',
      render: count,
    },
    {
      key: 'total_revenue',
      title: t('store.fields.totalRevenue'),
      dataIndex: 'total_revenue',
      sortField: 'total_revenue',
      align: 'right',
      render: (_, shop) => formatMoney(shop.total_revenue, shop.currency),
    },
    {
      key: 'member_count',
      title: t('store.fields.memberCount'),
      dataIndex: 'member_count',
      align: 'right',
      render: count,
    },
    {
      key: 'created_at',
      title: t('store.fields.createdAt'),
      dataIndex: 'created_at',
      sortField: 'created_at',
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      key: 'actions',
      title: t('store.fields.actions'),
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      width: 96,
      render: (_, shop) => {
        if (shop.status === 'cancelled') {
          return (
            <ButtonLink type="link" size="small" to={`/merchant/bill?shop_id=${encodeURIComponent(shop.shop_id)}`}>
              {t('store.actions.viewBill')}
            </ButtonLink>
          );
        }
        const isNotReady = NOT_READY.has(shop.status);
        return (
          <Flex wrap gap={4} className="table-actions">
            {shop.unpaid_bill_no ? (
              <Button type="primary" size="small" loading={payingShopId === shop.shop_id} onClick={() => onPay(shop)}>
                {t('store.actions.pay')}
              </Button>
            ) : null}
            {shop.status === 'initializing' ? (
              <Button type="link" size="small" onClick={() => onShowProgress(shop)}>
                {t('store.actions.progress')}
              </Button>
            ) : null}
            <Tooltip title={isNotReady ? t('store.list.notReadyHint') : undefined}>
              <Button
                type="link"
                size="small"
                disabled={isNotReady}
                loading={enteringShopId === shop.shop_id}
                onClick={() => onEnterAdmin(shop)}
              >
                {t('store.actions.enterAdmin')}
              </Button>
            </Tooltip>
            <Button
              type="link"
              size="small"
              disabled={shop.status === 'initializing' || (shop.status === 'unpaid' && shop.unpaid_bill_no !== null)}
              onClick={() => onRenew(shop)}
            >
              {t('store.actions.renew')}
            </Button>
            <ButtonLink type="link" size="small" to={storePageLink('/merchant/setting/index', shop.shop_id)}>
              {t('store.actions.siteConfig')}
            </ButtonLink>
            <ButtonLink type="link" size="small" to={storePageLink('/merchant/setting/domain', shop.shop_id)}>
              {t('store.actions.domain')}
            </ButtonLink>
          </Flex>
        );
      },
    },
  ];
  return (
    <DataTable<TShop>
      listId="merchant.stores"
      rowKey="id"
      columns={columns}
      rows={shops}
      isLoading={isLoading}
      pagination={pagination}
      sort={sort}
      onSortChange={onSortChange}
      emptyText={emptyText}
    />
  );
}
