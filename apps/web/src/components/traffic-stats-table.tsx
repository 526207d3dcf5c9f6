import type { TApiStatsRow, TCallTotals } from '@parlour/contract/calls/traffic-report';
import { Empty } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from './data-table';
import { apiLabel, percent, platformLabel } from './traffic-labels';
import type { ListSort } from './use-list-url-state';

/** The outcome columns a statistics list sorts on in the browser (it is answered whole). */
export const OUTCOME_SORT_FIELDS = [
  'calls',
  'success',
  'failed_upstream',
  'quota_exhausted',
  'rejected',
  'units',
  'success_rate',
  'avg_response_ms',
] as const;
type OutcomeField = (typeof OUTCOME_SORT_FIELDS)[number];

/**
 * Columns of outcome counts shared by the statistics lists (per API, per store): calls, success,
 * failures, units, success rate and average response. `isSortable` lets a whole list sort on them
 * in the browser; `isStrong` marks a row (the totals) in bold.
 */
export function outcomeDataColumns<Row extends TCallTotals>(
  t: TFunction,
  options: { isSortable?: boolean; isStrong?: (row: Row) => boolean } = {},
): Array<DataColumn<Row>> {
  const { isSortable = false, isStrong = () => false } = options;
  const cell = (text: string, row: Row) => (isStrong(row) ? <strong>{text}</strong> : text);
  const column = (key: OutcomeField, title: string, format: (row: Row) => string, width: number): DataColumn<Row> => ({
    key,
    title,
    align: 'right',
    width,
    render: (_: unknown, row: Row) => cell(format(row), row),
    ...(isSortable ? { sortField: key, compare: (a: Row, b: Row) => a[key] - b[key] } : {}),
  });
  const count = (key: Exclude<OutcomeField, 'success_rate' | 'avg_response_ms'>) => (row: Row) =>
    row[key].toLocaleString();
  return [
    column('calls', t('trafficReport.column.calls'), count('calls'), 90),
    column('success', t('trafficReport.column.success'), count('success'), 90),
    column('failed_upstream', t('trafficReport.column.failed'), count('failed_upstream'), 100),
    column('quota_exhausted', t('trafficReport.column.quota'), count('quota_exhausted'), 100),
    column('rejected', t('trafficReport.column.rejected'), count('rejected'), 90),
    column('units', t('trafficReport.column.unitsUsed'), count('units'), 90),
    column(
      'success_rate',
      t('trafficReport.column.successRate'),
      (row) => (row.calls ? percent(row.success_rate) : '—'),
      90,
    ),
    column(
      'avg_response_ms',
      t('trafficReport.column.avgMs'),
      (row) => (row.calls ? row.avg_response_ms.toLocaleString() : '—'),
      110,
    ),
  ];
}

/** A row of the per-API list, or its totals (always last, whatever the sort). */
type StatsRow = TApiStatsRow & { key: string; isTotal?: boolean };

/**
 * Statistics per API and platform, sortable on every count in the browser (the list comes whole),
 * with the filter's totals as the last row; columns chosen per user, a card per API on a phone.
 */
export function ApiStatsDataTable({
  listId,
  rows,
  totals,
  isLoading,
  sort,
  onSortChange,
}: {
  listId: string;
  rows: TApiStatsRow[] | undefined;
  totals: TCallTotals | undefined;
  isLoading: boolean;
  sort?: ListSort;
  onSortChange?: (sort: ListSort | null) => void;
}) {
  const { t } = useTranslation();
  const isTotal = (row: StatsRow) => row.isTotal === true;
  const columns: Array<DataColumn<StatsRow>> = [
    // Platform and API in one column: the phone card's title names both; the totals row is named there.
    {
      key: 'api',
      title: t('trafficReport.column.platformApi'),
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      width: 190,
      render: (_: unknown, row) =>
        row.isTotal ? (
          <strong>{t('trafficReport.stats.total')}</strong>
        ) : (
          `${platformLabel(t, row.platform)} · ${apiLabel(t, row.api_code, row.api_name)}`
        ),
    },
    ...outcomeDataColumns<StatsRow>(t, { isSortable: true, isStrong: isTotal }),
  ];
  const list: StatsRow[] = (rows ?? []).map((row) => ({ ...row, key: `${row.platform}/${row.api_code}` }));
  // Sorted here rather than by the table, so the totals stay the last row.
  const sortColumn = sort ? columns.find((column) => column.sortField === sort.field) : undefined;
  const compare = sortColumn?.compare;
  if (compare && sort) list.sort((a, b) => (sort.order === 'ascend' ? compare(a, b) : compare(b, a)));
  const shown: StatsRow[] =
    totals && list.length
      ? [...list, { ...totals, platform: '1688', api_code: '', api_name: '', key: 'total', isTotal: true }]
      : list;
  return (
    <DataTable<StatsRow>
      listId={listId}
      rowKey="key"
      // Sorting is done above; the table only shows and reports it.
      columns={columns.map(({ compare: _compare, ...column }) => column)}
      rows={shown}
      isLoading={isLoading}
      sort={sort}
      onSortChange={onSortChange}
      size="small"
      emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.stats.empty')} />}
    />
  );
}
