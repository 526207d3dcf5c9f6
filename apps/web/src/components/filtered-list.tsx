import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Form, Space, Table, type FormInstance, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';

const DEFAULT_PAGE_SIZE = 20;

/**
 * The state of a filtered, paged operator list: the filter that was searched, the page and its
 * size. A new filter or a new page size goes back to page 1.
 */
export function useFilteredPaging<Filter>(initialFilter: Filter, initialPageSize = DEFAULT_PAGE_SIZE) {
  const [filter, setFilterState] = useState<Filter>(initialFilter);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    filter,
    page,
    pageSize,
    setFilter: (next: Filter) => {
      setFilterState(next);
      setPage(1);
    },
    onPageChange: (nextPage: number, nextSize: number) => {
      setPage(nextSize === pageSize ? nextPage : 1);
      setPageSize(nextSize);
    },
  };
}

/**
 * The filter row above an operator list: its fields (Form.Items), then Search, Reset (which clears
 * the fields) and anything `extra` (an "add" button, a count).
 */
export function FilterBar<Values extends object>({
  form,
  name,
  onSearch,
  onReset,
  searchLabel,
  resetLabel,
  extra,
  children,
}: {
  form: FormInstance<Values>;
  name: string;
  onSearch: (values: Values) => void;
  onReset: () => void;
  searchLabel: string;
  resetLabel: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form<Values> form={form} name={name} layout="inline" className="admin-filters" onFinish={onSearch}>
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

/** An operator list's table: scrolls sideways when narrow, pages on the server, says how many there are. */
export function PagedTable<Row extends object>({
  columns,
  rows,
  total,
  isLoading,
  page,
  pageSize,
  onPageChange,
  totalText,
  emptyText,
}: {
  columns: TableColumnsType<Row>;
  rows: Row[];
  total: number;
  isLoading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  totalText: (total: number) => string;
  emptyText: string;
}) {
  return (
    <Table<Row>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={isLoading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      pagination={{ current: page, pageSize, total, showSizeChanger: true, showTotal: totalText, onChange: onPageChange }}
    />
  );
}
