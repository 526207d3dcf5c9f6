import type { LogPlatform, TApiStatsRow, TCallTotals, TMerchantUsage, TimeFilter } from '@parlour/contract/calls/traffic-report';
import { LOG_PLATFORMS, TIME_FILTERS } from '@parlour/contract/constants';
import { Card, Empty, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { TrafficFilters, type TrafficFilter } from '@/components/traffic-filters';
import { apiLabel, percent, platformLabel } from '@/components/traffic-labels';
import { DEFAULT_TRAFFIC_TIME } from '@/components/traffic-time-filter';
import { useListUrlState } from '@/components/use-list-url-state';
import { useAdminApiEnum } from '../api/report-api-enum';
import { useAdminApiStats } from '../api/report-api-stats';
import { useMerchantStats } from '../api/report-merchant-stats';
import { usePlatformStats } from '../api/report-platform-stats';
import { useMerchantUsageColumns } from './admin-traffic-dashboard-tab';

const MERCHANT_PAGE_SIZE = 10;
/** A per-API row with the key the table needs (a platform and its API code). */
type ApiRow = TApiStatsRow & { id: string };

/** The filter as it travels in the URL: the default time range is left out. */
type StatisticsQuery = Omit<TrafficFilter, 'time_range' | 'status'> & { time_range?: TimeFilter };
const FILTER_KEYS = ['time_range', 'start_date', 'end_date', 'platform', 'api_code', 'shop_id', 'merchant_id'] as const satisfies ReadonlyArray<keyof StatisticsQuery>;
/** Columns the per-API table sorts on (in the browser: the server answers it whole). */
const API_SORT_FIELDS = ['calls', 'units', 'success_rate', 'avg_response_ms'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => ((values as readonly string[]).includes(value ?? '') ? (value as T) : undefined);

/** `?tab=statistics&time_range=custom&start_date=…&end_date=…&platform=jd&merchant_id=7`; values out of range are dropped. */
function statisticsQueryFromUrl(params: URLSearchParams): StatisticsQuery {
  const start = params.get('start_date') ?? '';
  const end = params.get('end_date') ?? '';
  const hasRange = DAY.test(start) && DAY.test(end) && start <= end;
  const timeRange = oneOf(TIME_FILTERS, params.get('time_range'));
  const merchantId = Number(params.get('merchant_id'));
  return {
    // A custom range without its days is the default range.
    time_range: timeRange === 'custom' && !hasRange ? undefined : timeRange,
    start_date: timeRange === 'custom' && hasRange ? start : undefined,
    end_date: timeRange === 'custom' && hasRange ? end : undefined,
    platform: oneOf(LOG_PLATFORMS, params.get('platform')),
    api_code: params.get('api_code')?.trim() || undefined,
    shop_id: params.get('shop_id')?.trim() || undefined,
    merchant_id: Number.isInteger(merchantId) && merchantId > 0 ? merchantId : undefined,
  };
}

/** Outcome counts of a row of per-platform or per-API statistics, as DataTable columns (`sortable`: the per-API table sorts on them). */
function outcomeColumns<Row extends TCallTotals>(t: TFunction, sortable: boolean): Array<DataColumn<Row>> {
  const count = (value: number) => value.toLocaleString();
  const sortOn = (field: (typeof API_SORT_FIELDS)[number]) => (sortable ? { sortField: field, compare: (a: Row, b: Row) => a[field] - b[field] } : {});
  return [
    { key: 'calls', title: t('trafficReport.column.calls'), dataIndex: 'calls', align: 'right', render: count, ...sortOn('calls') },
    { key: 'success', title: t('trafficReport.column.success'), dataIndex: 'success', align: 'right', render: count },
    { key: 'failed_upstream', title: t('trafficReport.column.failed'), dataIndex: 'failed_upstream', align: 'right', render: count },
    { key: 'quota_exhausted', title: t('trafficReport.column.quota'), dataIndex: 'quota_exhausted', align: 'right', render: count },
    { key: 'rejected', title: t('trafficReport.column.rejected'), dataIndex: 'rejected', align: 'right', render: count },
    { key: 'units', title: t('trafficReport.column.unitsUsed'), dataIndex: 'units', align: 'right', render: count, ...sortOn('units') },
    { key: 'success_rate', title: t('trafficReport.column.successRate'), dataIndex: 'success_rate', align: 'right', render: (rate: number, row) => (row.calls ? percent(rate) : '—'), ...sortOn('success_rate') },
    {
      key: 'avg_response_ms',
      title: t('trafficReport.column.avgMs'),
      dataIndex: 'avg_response_ms',
      align: 'right',
      render: (value: number, row) => (row.calls ? value.toLocaleString() : '—'),
      ...sortOn('avg_response_ms'),
    },
  ];
}

/** The filter's totals in one line above the per-API table (a phone shows cards, with no summary row). */
function TotalsLine({ totals }: { totals: TCallTotals }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary">
      {t('trafficReport.stats.totalsLine', {
        calls: totals.calls.toLocaleString(),
        success: totals.success.toLocaleString(),
        units: totals.units.toLocaleString(),
        rate: totals.calls ? percent(totals.success_rate) : '—',
      })}
    </Typography.Text>
  );
}

/**
 * The operator's statistics: per platform, per API, and merchants ranked by usage, over the filters.
 * The filters, the per-API sort and the ranking's page live in the URL.
 */
export function AdminStatisticsTab() {
  const { t } = useTranslation();
  const list = useListUrlState({ filterKeys: FILTER_KEYS, parseFilter: statisticsQueryFromUrl, defaultPageSize: MERCHANT_PAGE_SIZE, sortFields: API_SORT_FIELDS });
  const filter: TrafficFilter = { ...list.filter, time_range: list.filter.time_range ?? DEFAULT_TRAFFIC_TIME.time_range };
  const options = useAdminApiEnum();
  const { time_range, start_date, end_date, platform, merchant_id } = filter;
  const platforms = usePlatformStats({ time_range, start_date, end_date, merchant_id });
  const stats = useAdminApiStats({ time_range, start_date, end_date, platform, merchant_id, api_code: filter.api_code, shop_id: filter.shop_id });
  const merchants = useMerchantStats({ time_range, start_date, end_date, platform, page: list.page, limit: list.pageSize });
  const merchantColumns = useMerchantUsageColumns((list.page - 1) * list.pageSize);
  type PlatformRow = NonNullable<typeof platforms.data>['list'][number];

  const platformColumns: Array<DataColumn<PlatformRow>> = [
    {
      key: 'platform',
      title: t('trafficReport.column.platform'),
      dataIndex: 'platform',
      isRequired: true,
      cardRole: 'title',
      render: (value: LogPlatform, row) => (
        <>
          {platformLabel(t, value)} {row.is_enabled ? null : <Tag>{t('trafficReport.column.disabled')}</Tag>}
        </>
      ),
    },
    ...outcomeColumns<PlatformRow>(t, false),
  ];
  const apiColumns: Array<DataColumn<ApiRow>> = [
    { key: 'platform', title: t('trafficReport.column.platform'), dataIndex: 'platform', render: (value: string) => platformLabel(t, value) },
    { key: 'api', title: t('trafficReport.column.api'), isRequired: true, cardRole: 'title', render: (_: unknown, row) => apiLabel(t, row.api_code, row.api_name) },
    ...outcomeColumns<ApiRow>(t, true),
  ];
  const apiRows: ApiRow[] = (stats.data?.list ?? []).map((row) => ({ ...row, id: `${row.platform}/${row.api_code}` }));
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.stats.empty')} />;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <TrafficFilters
        value={filter}
        options={options.data}
        hasApi
        store="input"
        hasMerchant
        onChange={(next) => list.setFilter({ ...next, time_range: next.time_range === DEFAULT_TRAFFIC_TIME.time_range ? undefined : next.time_range })}
      />
      <Card title={t('trafficReport.stats.perPlatform')} size="small">
        <DataTable<PlatformRow> listId="admin.traffic.stats.platforms" rowKey="platform" columns={platformColumns} rows={platforms.data?.list ?? []} isLoading={platforms.isFetching} emptyText={empty} />
      </Card>
      <Card title={t('trafficReport.stats.perApi')} size="small">
        <DataTable<ApiRow>
          listId="admin.traffic.stats.apis"
          rowKey="id"
          columns={apiColumns}
          rows={apiRows}
          isLoading={stats.isFetching}
          emptyText={empty}
          toolbar={stats.data?.totals && apiRows.length ? <TotalsLine totals={stats.data.totals} /> : null}
          sort={list.sort}
          onSortChange={list.setSort}
        />
      </Card>
      <Card title={t('trafficReport.stats.topMerchants')} size="small">
        <DataTable<TMerchantUsage>
          listId="admin.traffic.stats.merchants"
          rowKey="merchant_id"
          columns={merchantColumns}
          rows={merchants.data?.list ?? []}
          isLoading={merchants.isFetching}
          emptyText={empty}
          pagination={{ page: list.page, pageSize: list.pageSize, total: merchants.data?.total ?? 0, onChange: list.onPageChange }}
        />
      </Card>
    </Space>
  );
}
