import { DeleteOutlined, EditOutlined, PlusOutlined, PushpinFilled } from '@ant-design/icons';
import {
  NOTICE_SORT_FIELDS,
  NOTICE_STATUSES,
  type NoticeStatus,
  type TAdminNotice,
} from '@parlour/contract/calls/notice';
import { Button, Form, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/data-table';
import { FilterBar, PagedTable, useFilteredPaging } from '@/components/filtered-list';
import { FilterSelect } from '@/components/filter-select';
import { PageHeader } from '@/components/page-header';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { useDeleteNotice } from '../api/delete-notice';
import { useNotices } from '../api/admin-list-notices';
import { NoticeDetailDrawer } from '../components/notice-detail-drawer';
import { NoticeFormModal } from '../components/notice-form-modal';
import { NoticeStatusTag } from '../components/notice-status-tag';

interface Filter {
  keyword?: string;
  status?: NoticeStatus;
}

/** The filter in the URL (`?keyword=…&status=draft`); an unknown status is dropped. */
function noticeFilterFromQuery(params: URLSearchParams): Filter {
  const status = params.get('status');
  return { keyword: params.get('keyword') || undefined, status: NOTICE_STATUSES.find((known) => known === status) };
}

/** /admin/notice: notices to merchants — search, status filter, add and edit with formatting, detail, delete. */
export default function NoticePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filter>();
  const { filter, setFilter, page, pageSize, onPageChange, sort, setSort, query } = useFilteredPaging({
    filterKeys: ['keyword', 'status'],
    parseFilter: noticeFilterFromQuery,
    sortFields: NOTICE_SORT_FIELDS,
  });
  const [editing, setEditing] = useState<{ notice: TAdminNotice | null } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  // Without a sort: pinned first, newest publish time first (the server's default).
  const notices = useNotices({ ...filter, ...query });
  const remove = useDeleteNotice();

  const onDelete = async (notice: TAdminNotice) => {
    await remove.mutateAsync(notice.id);
    feedback.success(t('adminNotice.deleted', { title: notice.title }));
  };

  const columns: Array<DataColumn<TAdminNotice>> = [
    {
      key: 'title',
      isRequired: true,
      cardRole: 'title',
      title: t('adminNotice.field.title'),
      dataIndex: 'title',
      render: (title: string, notice) => (
        <Button
          type="link"
          onClick={() => setDetailId(notice.id)}
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
        >
          {notice.is_pinned ? (
            <PushpinFilled className="notice-pin" aria-label={t('adminNotice.field.pinned')} />
          ) : null}
          {title}
        </Button>
      ),
    },
    {
      key: 'status',
      title: t('adminNotice.field.status'),
      dataIndex: 'status',
      width: 110,
      render: (_status, notice) => <NoticeStatusTag notice={notice} />,
    },
    {
      key: 'publish_at',
      sortField: 'publish_at',
      title: t('adminNotice.field.publishAt'),
      dataIndex: 'publish_at',
      width: 170,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'read_count',
      sortField: 'read_count',
      title: t('adminNotice.field.readCount'),
      dataIndex: 'read_count',
      width: 110,
      align: 'right',
    },
    {
      key: 'updated_at',
      sortField: 'updated_at',
      title: t('adminNotice.field.updatedAt'),
      dataIndex: 'updated_at',
      width: 170,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'created_at',
      sortField: 'created_at',
      isHiddenByDefault: true,
      title: t('adminNotice.field.createdAt'),
      dataIndex: 'created_at',
      width: 170,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('adminNotice.actions'),
      key: 'actions',
      isRequired: true,
      cardRole: 'actions',
      width: 190,
      fixed: 'right',
      render: (_value, notice) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => setDetailId(notice.id)}>
            {t('adminNotice.view')}
          </Button>
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing({ notice })}>
            {t('adminNotice.edit')}
          </Button>
          <Popconfirm
            title={t('adminNotice.deleteConfirm.title')}
            description={t('adminNotice.deleteConfirm.description', { title: notice.title })}
            okText={t('adminNotice.delete')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            cancelText={t('common.cancel')}
            onConfirm={() => onDelete(notice)}
          >
            <Button size="small" type="link" danger icon={<DeleteOutlined />}>
              {t('adminNotice.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader />
      <div className="page-body admin-page">
        <section className="page-card">
          <FilterBar<Filter>
            form={form}
            values={filter}
            name="admin_notice_filters"
            onSearch={(values) =>
              setFilter({ keyword: values.keyword?.trim() || undefined, status: values.status || undefined })
            }
            onReset={() => setFilter({})}
            searchLabel={t('adminNotice.filter.search')}
            resetLabel={t('adminNotice.filter.reset')}
            extra={
              <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing({ notice: null })}>
                {t('adminNotice.add')}
              </Button>
            }
          >
            <Form.Item name="keyword">
              <Input
                allowClear
                maxLength={100}
                aria-label={t('adminNotice.filter.keyword')}
                placeholder={t('adminNotice.filter.keyword')}
                style={{ width: 240 }}
              />
            </Form.Item>
            <Form.Item name="status">
              <FilterSelect
                label={t('adminNotice.field.status')}
                options={NOTICE_STATUSES.map((status) => ({ value: status, label: t(`adminNotice.status.${status}`) }))}
              />
            </Form.Item>
          </FilterBar>
          <PagedTable<TAdminNotice>
            listId="admin.notices"
            columns={columns}
            rows={notices.data?.list ?? []}
            total={notices.data?.total ?? 0}
            isLoading={notices.isFetching}
            page={page}
            pageSize={pageSize}
            onPageChange={onPageChange}
            sort={sort}
            onSortChange={setSort}
            totalText={(total) => t('adminNotice.total', { count: total })}
            emptyText={filter.keyword || filter.status ? t('adminNotice.noMatch') : t('adminNotice.empty')}
          />
        </section>
      </div>
      <NoticeFormModal notice={editing?.notice ?? null} isOpen={editing !== null} onClose={() => setEditing(null)} />
      <NoticeDetailDrawer noticeId={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
