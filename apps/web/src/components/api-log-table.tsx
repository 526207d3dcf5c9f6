import type { TAdminApiLog, TApiLog } from '@parlour/contract/calls/traffic-report';
import { Button, Empty, Grid, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../lib/dayjs';
import { CallStatusTag } from './call-status-tag';
import { apiLabel, platformLabel } from './traffic-labels';

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
 * The call log (spec §3 traffic log): time, merchant ID, store, platform, API, consume source
 * (the package charged), status, charged units and response time, newest first, with a details button.
 */
export function ApiLogTable<T extends Log>({ logs, total, isTotalEstimated = false, isLoading, page, pageSize, onPageChange, onDetail, showMerchant = false }: ApiLogTableProps<T>) {
  const { t } = useTranslation();
  const isWide = Grid.useBreakpoint().md ?? false;
  const columns: TableColumnsType<T> = [
    { title: t('trafficReport.column.time'), dataIndex: 'created_at', width: 165, fixed: isWide ? 'left' : undefined, render: formatLogTime },
    { title: t('trafficReport.column.merchantId'), dataIndex: 'merchant_id', width: 90 },
    ...(showMerchant
      ? [
          {
            title: t('trafficReport.column.merchant'),
            key: 'merchant',
            width: 200,
            render: (_: unknown, log: T) => ('merchant_account' in log ? <Typography.Text ellipsis={{ tooltip: log.merchant_name }}>{log.merchant_account}</Typography.Text> : null),
          },
        ]
      : []),
    {
      title: t('trafficReport.column.shopName'),
      key: 'shop',
      width: 150,
      render: (_: unknown, log: T) => (
        <Tooltip title={log.shop_id}>
          <span>{log.shop_name || log.shop_id}</span>
        </Tooltip>
      ),
    },
    { title: t('trafficReport.column.platform'), dataIndex: 'platform', width: 90, render: (platform: string) => platformLabel(t, platform) },
    { title: t('trafficReport.column.api'), key: 'api', width: 120, render: (_: unknown, log: T) => apiLabel(t, log.api_code, log.api_name) },
    {
      title: t('trafficReport.column.source'),
      key: 'source',
      width: 140,
      render: (_: unknown, log: T) => (log.package_id ? `${log.package_name} #${log.package_id}` : <Typography.Text type="secondary">{t('trafficReport.logs.noSource')}</Typography.Text>),
    },
    { title: t('trafficReport.column.status'), dataIndex: 'status', width: 145, render: (status: T['status']) => <CallStatusTag status={status} /> },
    { title: t('trafficReport.column.units'), dataIndex: 'charged_units', width: 100, align: 'right' },
    { title: t('trafficReport.column.responseMs'), dataIndex: 'response_ms', width: 120, align: 'right', render: (value: number | null) => (value === null ? '—' : value.toLocaleString()) },
    {
      title: t('trafficReport.column.actions'),
      key: 'actions',
      width: 80,
      fixed: isWide ? 'right' : undefined,
      render: (_: unknown, log: T) => (
        <Button type="link" size="small" onClick={() => onDetail(log)} aria-label={t('trafficReport.logs.detailOf', { id: log.id })}>
          {t('trafficReport.logs.detail')}
        </Button>
      ),
    },
  ];
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={logs ?? []}
      loading={isLoading}
      scroll={{ x: 'max-content' }}
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
