import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from './data-table';
import { useListUrlState, type ListSort, type ListUrlStateOptions } from './use-list-url-state';

const DEFAULT_PAGE_SIZE = 20;

/**
 * The state of a filtered, paged operator list — the filter that was searched, the sort, the page
 * and its size — kept in the URL (useListUrlState). A new filter or a new page size goes back to page 1.
 */
export function useFilteredPaging<
  Filter extends { [Key in keyof Filter]: string | number | undefined },
  Field extends string = string,
>(options: Omit<ListUrlStateOptions<Filter, Field>, 'defaultPageSize'> & { defaultPageSize?: number }) {
  return useListUrlState<Filter, Field>({ defaultPageSize: DEFAULT_PAGE_SIZE, ...options });
}

/**
 * The filter row above an operator list: its fields (Form.Items), then Search, Reset (which clears
 * the fields) and anything `extra` (an "add" button, a count).
 */
export function FilterBar<Values extends object>({
  form,
  values,
  name,
  onSearch,
  onReset,
  searchLabel,
  resetLabel,
  extra,
  children,
}: {
  form: FormInstance<Values>;
  /** What the fields show: the list's filter from the URL (back and forward show that step's filter). */
  values?: Values;
  name: string;
  onSearch: (values: Values) => void;
  onReset: () => void;
  searchLabel: string;
  resetLabel: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form<Values>
      key={JSON.stringify(values ?? {})}
      form={form}
      name={name}
      layout="inline"
      className="admin-filters"
      initialValues={values}
      onFinish={onSearch}
    >
      {children}
      <Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {searchLabel}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {resetLabel}
          </Button>
          {extra}
        </Space>
      </Form.Item>
    </Form>
  );
}

/** An operator list's table (DataTable): pages on the server, says how many there are. */
export function PagedTable<Row extends object>({
  listId,
  columns,
  rows,
  total,
  isLoading,
  page,
  pageSize,
  onPageChange,
  sort,
  onSortChange,
  totalText,
  emptyText,
}: {
  listId: string;
  columns: Array<DataColumn<Row>>;
  rows: Row[];
  total: number;
  isLoading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  sort?: ListSort;
  onSortChange?: (sort: ListSort | null) => void;
  totalText: (total: number) => string;
  emptyText: string;
}) {
  return (
    <DataTable<Row>
      listId={listId}
      rowKey={'id' as keyof Row & string}
      columns={columns}
      rows={rows}
      isLoading={isLoading}
      emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
      pagination={{ page, pageSize, total, showTotal: totalText, onChange: onPageChange }}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
}
