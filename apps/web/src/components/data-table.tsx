import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Pagination,
  Select,
  Spin,
  Table,
  Tooltip,
  type TableColumnType,
  type TablePaginationConfig,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnSettingsButton, useColumnSettings, type SettableColumn } from './column-settings';
import type { ListSort } from './use-list-url-state';
import { KeyboardScrollable } from './keyboard-scrollable';

/**
 * A column of a DataTable: an antd column with a stable key and a plain-text title (the column
 * settings and the phone cards show it), and what the list does with it.
 */
export type DataColumn<Row> = Omit<TableColumnType<Row>, 'key' | 'title' | 'fixed' | 'sorter' | 'sortOrder'> &
  SettableColumn & {
    /** The list sorts on this column: the server's `sort_field` (or a key of a list sorted here, with `compare`). */
    sortField?: string;
    /** Sorts the rows in the browser (lists the server answers whole): the ascending order of two rows. */
    compare?: (a: Row, b: Row) => number;
    /** On a phone card: the card's title, its actions at the foot, or (default) a labelled line. */
    cardRole?: 'title' | 'actions';
  };

export interface DataTablePagination {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  showTotal?: (total: number) => ReactNode;
}

interface DataTableProps<Row> {
  /** Names the list in the remembered column settings: `merchant.stores`. */
  listId: string;
  columns: Array<DataColumn<Row>>;
  rows: Row[];
  rowKey: keyof Row & string;
  isLoading?: boolean;
  /** The server's paging (absent: every row on one page, as the server answered them). */
  pagination?: DataTablePagination;
  sort?: ListSort;
  onSortChange?: (sort: ListSort | null) => void;
  emptyText?: ReactNode;
  /**
   * Table width below which it scrolls sideways. By default the table fits the page, its cells
   * wrapping where they can (long names at their separators), and scrolls only when even wrapped
   * columns do not fit: a list never needs a sideways scroll on a wide screen because one row holds
   * a long name.
   */
  scrollX?: number | 'max-content' | true;
  /** Content left of the settings button on the list's own toolbar row (a count, a hint). */
  toolbar?: ReactNode;
  size?: 'small' | 'middle' | 'large';
}

/** The value a column shows for a row: its render, else the value at its dataIndex. */
function cellOf<Row>(column: DataColumn<Row>, row: Row, index: number): ReactNode {
  const dataIndex = column.dataIndex as string | string[] | undefined;
  const path = dataIndex === undefined ? [] : Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  const value = path.reduce<unknown>(
    (current, key) => (current as Record<string, unknown> | null | undefined)?.[key],
    row,
  );
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value === null || value === undefined || value === '' ? '—' : String(value as string | number);
}

/**
 * Every list of both consoles: a table on a wide screen, a card per row on a phone (below 768 px)
 * with the same columns as labelled lines and the row's actions at the foot; the user chooses and
 * orders the columns (remembered per user), sorts on the sortable ones (the server sorts a paged
 * list; a whole list is sorted here), and pages. The state itself (sort, page) belongs to the
 * caller, usually useListUrlState, so it lives in the URL.
 */
export function DataTable<Row extends object>({
  listId,
  columns,
  rows,
  rowKey,
  isLoading = false,
  pagination,
  sort,
  onSortChange,
  emptyText,
  scrollX = true,
  toolbar,
  size = 'middle',
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const isPhone = Grid.useBreakpoint().md === false;
  const settings = useColumnSettings(listId, columns);
  const visible = settings.visibleColumns;

  const sortColumn = sort ? columns.find((column) => column.sortField === sort.field) : undefined;
  const compare = sortColumn?.compare;
  const sortedRows =
    compare && sort ? [...rows].sort((a, b) => (sort.order === 'ascend' ? compare(a, b) : compare(b, a))) : rows;
  const empty = emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const sortable = columns.filter((column) => column.sortField);

  const settingsBar = (
    <Flex justify="space-between" align="center" gap={8} wrap className="data-table__bar">
      <div>{toolbar}</div>
      <Flex gap={8} align="center">
        {isPhone && sortable.length > 0 && onSortChange ? (
          <>
            <Select<string>
              allowClear
              size="middle"
              aria-label={t('dataTable.sortBy')}
              placeholder={t('dataTable.sortBy')}
              value={sort && sortable.some((column) => column.sortField === sort.field) ? sort.field : undefined}
              onChange={(field) => onSortChange(field ? { field, order: sort?.order ?? 'descend' } : null)}
              options={sortable.map((column) => ({ value: column.sortField!, label: column.title }))}
              style={{ minWidth: 130 }}
            />
            <Tooltip title={t(sort?.order === 'ascend' ? 'dataTable.ascend' : 'dataTable.descend')}>
              <Button
                disabled={!sort}
                aria-label={t(sort?.order === 'ascend' ? 'dataTable.ascend' : 'dataTable.descend')}
                icon={sort?.order === 'ascend' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
                onClick={() =>
                  sort && onSortChange({ field: sort.field, order: sort.order === 'ascend' ? 'descend' : 'ascend' })
                }
              />
            </Tooltip>
          </>
        ) : null}
        <ColumnSettingsButton settings={settings} />
      </Flex>
    </Flex>
  );

  if (isPhone) {
    const title =
      visible.find((column) => column.cardRole === 'title') ?? columns.find((column) => column.cardRole === 'title');
    const actions = columns.find((column) => column.cardRole === 'actions');
    const lines = visible.filter((column) => column !== title && column !== actions);
    return (
      <div className="data-table data-table--cards">
        {settingsBar}
        <Spin spinning={isLoading}>
          {sortedRows.length === 0 ? (
            <div className="data-table__empty">{empty}</div>
          ) : (
            <ul className="data-cards" aria-label={t('dataTable.cards')}>
              {sortedRows.map((row, index) => (
                <li key={String(row[rowKey])}>
                  <Card size="small" className="data-card" title={title ? cellOf(title, row, index) : undefined}>
                    <dl className="data-card__fields">
                      {lines.map((column) => (
                        <div key={column.key} className="data-card__field">
                          <dt>{column.title}</dt>
                          <dd>{cellOf(column, row, index)}</dd>
                        </div>
                      ))}
                    </dl>
                    {actions ? <div className="data-card__actions">{cellOf(actions, row, index)}</div> : null}
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </Spin>
        {pagination && pagination.total > 0 ? (
          <Flex justify="center" className="data-table__pager">
            <Pagination
              simple
              current={pagination.page}
              pageSize={pagination.pageSize}
              total={pagination.total}
              onChange={pagination.onChange}
              showTotal={pagination.showTotal}
            />
          </Flex>
        ) : null}
      </div>
    );
  }

  const tableColumns: TableColumnType<Row>[] = visible.map(
    ({
      sortField,
      compare: _compare,
      cardRole: _cardRole,
      isRequired: _isRequired,
      isHiddenByDefault: _hidden,
      fixed,
      ...column
    }) => ({
      ...column,
      fixed,
      sorter: sortField ? true : undefined,
      sortOrder: sortField ? (sort?.field === sortField ? sort.order : null) : undefined,
      // The third click on a sorted column goes back to the list's default order.
      sortDirections: sortField ? (['descend', 'ascend'] as const).slice() : undefined,
    }),
  );
  const antPagination: TablePaginationConfig | false = pagination
    ? {
        current: pagination.page,
        pageSize: pagination.pageSize,
        total: pagination.total,
        showSizeChanger: true,
        showTotal: pagination.showTotal,
      }
    : false;

  return (
    <KeyboardScrollable className="data-table" label={t('dataTable.region')}>
      {settingsBar}
      <Table<Row>
        rowKey={rowKey}
        size={size}
        columns={tableColumns}
        dataSource={sortedRows}
        loading={isLoading}
        // A wide table scrolls sideways with its scrollbar kept in view at the window's foot, its header under the shell's 64 px bar.
        scroll={{ x: scrollX }}
        // Column widths are where a column starts: content that needs more widens its column instead of
        // running under a pinned column (antd would fix the layout once a column is pinned).
        tableLayout="auto"
        sticky={{ offsetHeader: 64, offsetScroll: 0 }}
        pagination={antPagination}
        locale={{ emptyText: empty }}
        onChange={(next, _filters, sorter, extra) => {
          if (extra.action === 'paginate' && pagination)
            pagination.onChange(next.current ?? 1, next.pageSize ?? pagination.pageSize);
          if (extra.action === 'sort' && onSortChange) {
            const result = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
            const column = visible.find((candidate) => candidate.key === result?.columnKey);
            onSortChange(column?.sortField && result?.order ? { field: column.sortField, order: result.order } : null);
          }
        }}
      />
    </KeyboardScrollable>
  );
}
