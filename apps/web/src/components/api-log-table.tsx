import type { TAdminApiLog, TApiLog } from '@parlour/contract/calls/traffic-report';
import { Button, Empty, Grid, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../lib/dayjs';
import { CallStatusTag } from './call-status-tag';
import { apiLabel, consumeSourceLabel, platformLabel } from './traffic-labels';

type Log = TApiLog | TAdminApiLog;

export const formatLogTime = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '—');

interface ApiLogTableProps<T extends Log> {
  logs: T[] | undefined;
  total: number;
  isTotalEstimated?: boolean;
  isLoading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onDetail: (log: T) => void;
  /** The operator's list shows whose call it was. */
  showMerchant?: boolean;
}

/**
 * The call log (spec §3 traffic log): time, merchant ID, store, platform and API, consume source
 * (the kind of package charged) and package name, status, charged units and response time, newest
 * first, with a details button.
 * Long texts end in an ellipsis with the whole text in a tooltip.
 */
export function ApiLogTable<T extends Log>({ logs, total, isTotalEstimated = false, isLoading, page, pageSize, onPageChange, onDetail, showMerchant = false }: ApiLogTableProps<T>) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const isWide = screens.md ?? false;
  // Below 1600 px the less needed columns give way so the list fits a 1366 px screen; the detail drawer shows them.
  // With consume source and package name in two columns, the widths below keep the merchant's list within 1366 px.
  const isVeryWide = screens.xxl ?? false;
  /** One line, cut with an ellipsis; the whole text in a tooltip. */
  const clipped = (text: ReactNode, tooltip: ReactNode = text) => (
    <Tooltip title={tooltip} placement="topLeft">
      <span>{text}</span>
    </Tooltip>
  );
  const columns: Array<TableColumnsType<T>[number] & { width: number; isShown?: boolean }> = [
    { title: t('trafficReport.column.time'), dataIndex: 'created_at', width: 150, fixed: isWide ? 'left' : undefined, render: formatLogTime },
    // The operator's merchant column carries the ID; a merchant's own ID is the same on every row.
    { title: t('trafficReport.column.merchantId'), dataIndex: 'merchant_id', width: 90, isShown: isVeryWide && !showMerchant },
    {
      title: t('trafficReport.column.merchant'),
      key: 'merchant',
      width: 170,
      isShown: showMerchant,
      ellipsis: { showTitle: false },
      render: (_: unknown, log: T) =>
        'merchant_account' in log ? clipped(`${log.merchant_account} · ${log.merchant_id}`, [log.merchant_name, log.merchant_account, `ID ${log.merchant_id}`].filter(Boolean).join(' · ')) : null,
    },
    {
      title: t('trafficReport.column.shopName'),
      key: 'shop',
      width: 130,
      ellipsis: { showTitle: false },
      render: (_: unknown, log: T) => clipped(log.shop_name || log.shop_id, `${log.shop_name} (${log.shop_id})`),
    },
    {
      title: t('trafficReport.column.platformApi'),
      key: 'api',
      width: 170,
      ellipsis: { showTitle: false },
      render: (_: unknown, log: T) => clipped(`${platformLabel(t, log.platform)} · ${apiLabel(t, log.api_code, log.api_name)}`),
    },
    // Consume source (the kind of package) and the package's name are two fields (spec §3 traffic log).
    {
      title: t('trafficReport.column.source'),
      key: 'source',
      width: 100,
      isShown: !showMerchant || isVeryWide,
      ellipsis: { showTitle: false },
      render: (_: unknown, log: T) => consumeSourceLabel(t, log.consume_source) ?? <Typography.Text type="secondary">{t('trafficReport.logs.noSource')}</Typography.Text>,
    },
    {
      title: t('trafficReport.column.packageName'),
      key: 'package',
      width: 115,
      isShown: !showMerchant || isVeryWide,
      ellipsis: { showTitle: false },
      render: (_: unknown, log: T) => (log.package_id ? clipped(`${log.package_name} #${log.package_id}`) : <Typography.Text type="secondary">—</Typography.Text>),
    },
    { title: t('trafficReport.column.status'), dataIndex: 'status', width: 110, render: (status: T['status']) => <CallStatusTag status={status} /> },
    { title: t('trafficReport.column.units'), dataIndex: 'charged_units', width: 70, align: 'right' },
    { title: t('trafficReport.column.responseMsShort'), dataIndex: 'response_ms', width: 90, align: 'right', render: (value: number | null) => (value === null ? '—' : value.toLocaleString()) },
    {
      title: t('trafficReport.column.actions'),
      key: 'actions',
      width: 70,
      fixed: isWide ? 'right' : undefined,
      render: (_: unknown, log: T) => (
        <Button type="link" size="small" onClick={() => onDetail(log)} aria-label={t('trafficReport.logs.detailOf', { id: log.id })}>
          {t('trafficReport.logs.detail')}
        </Button>
      ),
    },
  ];
  const shown = columns.filter(({ isShown = true }) => isShown).map(({ isShown: _isShown, ...column }) => column);
  const width = shown.reduce((sum, column) => sum + column.width, 0);
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={shown}
      dataSource={logs ?? []}
      loading={isLoading}
      tableLayout="fixed"
      scroll={{ x: width }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.logs.empty')} /> }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        showTotal: (count) => t(isTotalEstimated ? 'trafficReport.logs.totalEstimated' : 'trafficReport.logs.total', { count, total: count.toLocaleString() }),
        onChange: onPageChange,
      }}
    />
  );
}
