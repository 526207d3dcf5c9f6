import type { TAdminApiLog, TApiLog } from '@parlour/contract/calls/traffic-report';
import { Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { timeInZone, useBusinessTimeZone } from '../lib/business-time';
import { CallStatusTag } from './call-status-tag';
import { DataTable, type DataColumn } from './data-table';
import { apiLabel, consumeSourceLabel, platformLabel } from './traffic-labels';
import type { ListSort } from './use-list-url-state';

type Log = TApiLog | TAdminApiLog;

/**
 * The package a call was charged to: its name; the operator also sees its ID (merchants see no internal IDs).
 */
export function packageLabel(log: { package_id: number | null; package_name: string }, isOperator: boolean): string {
  if (!log.package_id) return '—';
  return isOperator ? `${log.package_name} · ID ${log.package_id}` : log.package_name;
}

/** A call's time in the business time zone (the zone the filters and charts count days in), the day above the time. */
function LogTimeCell({ value }: { value: string }) {
  const { day, time } = timeInZone(value, useBusinessTimeZone());
  return (
    <span className="date-time-cell">
      <span>{day}</span>
      <Typography.Text type="secondary">{time}</Typography.Text>
    </span>
  );
}

interface ApiLogTableProps<T extends Log> {
  /** Names the list in the remembered column settings. */
  listId: string;
  logs: T[] | undefined;
  total: number;
  isTotalEstimated?: boolean;
  isLoading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  sort?: ListSort;
  onSortChange?: (sort: ListSort | null) => void;
  onDetail: (log: T) => void;
  /** The operator's list shows whose call it was. */
  showMerchant?: boolean;
}

/** One line cut with an ellipsis at `width`, the whole text in a tooltip. */
function Clipped({ text, tooltip = text, width }: { text: string; tooltip?: string; width: number }) {
  return (
    <Typography.Text
      ellipsis={{ tooltip: { title: tooltip, placement: 'topLeft' } }}
      style={{ maxWidth: width, display: 'block' }}
    >
      {text}
    </Typography.Text>
  );
}

/**
 * The call log (spec §3 traffic log): time, merchant, store, platform and API, consume source (the
 * kind of package charged) and package name, status, charged units and response time, newest first
 * (the time sorts both ways on the server), with a details button; columns chosen per user, a card
 * per call on a phone. Long texts end in an ellipsis with the whole text in a tooltip.
 */
export function ApiLogTable<T extends Log>({
  listId,
  logs,
  total,
  isTotalEstimated = false,
  isLoading,
  page,
  pageSize,
  onPageChange,
  sort,
  onSortChange,
  onDetail,
  showMerchant = false,
}: ApiLogTableProps<T>) {
  const { t } = useTranslation();
  const columns: Array<DataColumn<T>> = [
    {
      key: 'created_at',
      title: t('trafficReport.column.time'),
      dataIndex: 'created_at',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      sortField: 'created_at',
      width: 120,
      render: (value: string) => <LogTimeCell value={value} />,
    },
    // The operator's merchant column carries the ID; a merchant's own ID is the same on every row.
    ...(showMerchant
      ? [
          {
            key: 'merchant',
            title: t('trafficReport.column.merchant'),
            width: 160,
            render: (_: unknown, log: T) =>
              'merchant_account' in log ? (
                <Clipped
                  width={150}
                  text={`${log.merchant_account} · ${log.merchant_id}`}
                  tooltip={[log.merchant_name, log.merchant_account, `ID ${log.merchant_id}`]
                    .filter(Boolean)
                    .join(' · ')}
                />
              ) : null,
          },
        ]
      : [
          {
            key: 'merchant_id',
            title: t('trafficReport.column.merchantId'),
            dataIndex: 'merchant_id',
            isHiddenByDefault: true,
            width: 90,
          },
        ]),
    {
      key: 'shop',
      title: t('trafficReport.column.shopName'),
      width: 130,
      render: (_: unknown, log: T) => (
        <Clipped width={120} text={log.shop_name || log.shop_id} tooltip={`${log.shop_name} (${log.shop_id})`} />
      ),
    },
    {
      key: 'api',
      title: t('trafficReport.column.platformApi'),
      width: 170,
      render: (_: unknown, log: T) => (
        <Clipped width={160} text={`${platformLabel(t, log.platform)} · ${apiLabel(t, log.api_code, log.api_name)}`} />
      ),
    },
    // Who made the call: the store's system with its API key, or the store's own site for a buyer.
    {
      key: 'caller',
      title: t('trafficReport.column.caller'),
      width: 100,
      render: (_: unknown, log: T) => t(`trafficReport.caller.${log.source}`),
    },
    // Consume source (the kind of package) and the package's name are two fields (spec §3 traffic log); the operator's
    // wider list leaves them to the settings and the drawer.
    {
      key: 'source',
      title: t('trafficReport.column.source'),
      width: 100,
      isHiddenByDefault: showMerchant,
      render: (_: unknown, log: T) =>
        consumeSourceLabel(t, log.consume_source) ?? (
          <Typography.Text type="secondary">{t('trafficReport.logs.noSource')}</Typography.Text>
        ),
    },
    {
      key: 'package',
      title: t('trafficReport.column.packageName'),
      width: 120,
      isHiddenByDefault: showMerchant,
      render: (_: unknown, log: T) =>
        log.package_id ? (
          <Clipped width={110} text={packageLabel(log, showMerchant)} />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'status',
      title: t('trafficReport.column.status'),
      dataIndex: 'status',
      width: 150,
      render: (status: T['status'], log: T) => <CallStatusTag status={status} cacheState={log.cache_state} />,
    },
    {
      key: 'charged_units',
      title: t('trafficReport.column.units'),
      dataIndex: 'charged_units',
      width: 80,
      align: 'right',
    },
    {
      key: 'response_ms',
      title: t('trafficReport.column.responseMsShort'),
      dataIndex: 'response_ms',
      width: 90,
      align: 'right',
      render: (value: number | null) => (value === null ? '—' : value.toLocaleString()),
    },
    {
      key: 'actions',
      title: t('trafficReport.column.actions'),
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      width: 70,
      render: (_: unknown, log: T) => (
        <Button
          type="link"
          size="small"
          onClick={() => onDetail(log)}
          aria-label={t('trafficReport.logs.detailOf', { id: log.id })}
        >
          {t('trafficReport.logs.detail')}
        </Button>
      ),
    },
  ];
  return (
    <DataTable<T>
      listId={listId}
      rowKey="id"
      columns={columns}
      rows={logs ?? []}
      isLoading={isLoading}
      sort={sort}
      onSortChange={onSortChange}
      emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.logs.empty')} />}
      pagination={{
        page,
        pageSize,
        total,
        onChange: onPageChange,
        showTotal: (count) =>
          t(isTotalEstimated ? 'trafficReport.logs.totalEstimated' : 'trafficReport.logs.total', {
            count,
            total: count.toLocaleString(),
          }),
      }}
    />
  );
}
