import { InfoCircleOutlined } from '@ant-design/icons';
import type { TShop } from '@parlour/contract/calls/store';
import { Button, Flex, Grid, Table, Tooltip, Typography, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button-link';
import { StoreStatusTag } from '@/components/store-status-tag';
import { dayjs } from '@/lib/dayjs';
import { formatMoney } from '@/lib/money';
import { StoreExpiry } from './store-expiry';

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
  pagination: TablePaginationConfig;
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
export function StoreTable({ shops, isLoading, pagination, onEnterAdmin, onPay, onRenew, onShowProgress, onExpire, enteringShopId, payingShopId, emptyText }: StoreTableProps) {
  const { t } = useTranslation();
  // On a phone, pinned columns would leave no room for the others to scroll through.
  const canPin = Grid.useBreakpoint().md !== false;
  const columns: TableColumnsType<TShop> = [
    {
      title: t('store.fields.shopName'),
      dataIndex: 'shop_name',
      fixed: canPin ? 'left' : undefined,
      width: 160,
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    { title: t('store.fields.shopId'), dataIndex: 'shop_id', width: 130, render: (id: string) => <Typography.Text copyable={{ text: id }}>{id}</Typography.Text> },
    { title: t('store.fields.version'), dataIndex: 'package_name', width: 120 },
    {
      title: t('store.fields.status'),
      dataIndex: 'status',
      width: 120,
      render: (_, shop) => (
        <Flex vertical gap={2} align="start">
          <StoreStatusTag status={shop.status} />
          {shop.is_disabled_by_operator ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('store.list.disabledByOperator')}
            </Typography.Text>
          ) : null}
          {shop.status === 'cancelled' ? <CancelledStoreNote /> : null}
        </Flex>
      ),
    },
    { title: t('store.fields.expiry'), dataIndex: 'expires_at', width: 190, render: (_, shop) => <StoreExpiry shop={shop} onEnd={onExpire} /> },
    {
      title: t('store.fields.domain'),
      dataIndex: 'domain',
      width: 180,
      render: (domain: string | null) =>
        domain ? (
          <Typography.Link href={`https://${domain}`} target="_blank" rel="noopener noreferrer">
            {domain}
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: t('store.fields.orderCount'), dataIndex: 'order_count', width: 100, align: 'right', render: count },
    { title: t('store.fields.shipmentCount'), dataIndex: 'shipment_count', width: 100, align: 'right', render: count },
    { title: t('store.fields.totalRevenue'), dataIndex: 'total_revenue', width: 130, align: 'right', render: (_, shop) => formatMoney(shop.total_revenue, shop.currency) },
    { title: t('store.fields.memberCount'), dataIndex: 'member_count', width: 100, align: 'right', render: count },
    { title: t('store.fields.createdAt'), dataIndex: 'created_at', width: 150, render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm') },
    {
      title: t('store.fields.actions'),
      key: 'actions',
      fixed: canPin ? 'right' : undefined,
      width: 150,
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
              <Button type="link" size="small" disabled={isNotReady} loading={enteringShopId === shop.shop_id} onClick={() => onEnterAdmin(shop)}>
                {t('store.actions.enterAdmin')}
              </Button>
            </Tooltip>
            <Button type="link" size="small" disabled={shop.status === 'initializing' || (shop.status === 'unpaid' && shop.unpaid_bill_no !== null)} onClick={() => onRenew(shop)}>
              {t('store.actions.renew')}
            </Button>
            <ButtonLink type="link" size="small" to={`/merchant/setting/domain?shop_id=${encodeURIComponent(shop.shop_id)}`}>
              {t('store.actions.domain')}
            </ButtonLink>
          </Flex>
        );
      },
    },
  ];
  return (
    <Table<TShop>
      rowKey="id"
      columns={columns}
      dataSource={shops}
      loading={isLoading}
      pagination={pagination}
      scroll={{ x: 1700 }}
      size="middle"
      locale={{ emptyText }}
    />
  );
}
