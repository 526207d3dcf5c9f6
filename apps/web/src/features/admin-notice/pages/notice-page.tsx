import { DeleteOutlined, EditOutlined, PlusOutlined, PushpinFilled, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { NOTICE_STATUSES, type NoticeStatus, type TAdminNotice } from '@parlour/contract/calls/notice';
import { Button, Empty, Form, Input, Popconfirm, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { useDeleteNotice } from '../api/delete-notice';
import { useNotices } from '../api/list-notices';
import { NoticeDetailDrawer } from '../components/notice-detail-drawer';
import { NoticeFormModal } from '../components/notice-form-modal';
import { NoticeStatusTag } from '../components/notice-status-tag';

const PAGE_SIZE = 20;

interface Filter {
  keyword?: string;
  status?: NoticeStatus;
}

/** /admin/notice: notices to merchants — search, status filter, add and edit with formatting, detail, delete. */
export default function NoticePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<{ notice: TAdminNotice | null } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const notices = useNotices({ ...filter, page, limit: pageSize });
  const remove = useDeleteNotice();

  const onDelete = async (notice: TAdminNotice) => {
    await remove.mutateAsync(notice.id);
    feedback.success(t('adminNotice.deleted', { title: notice.title }));
  };

  const columns: TableColumnsType<TAdminNotice> = [
    {
      title: t('adminNotice.field.title'),
      dataIndex: 'title',
      render: (title: string, notice) => (
        <Button type="link" onClick={() => setDetailId(notice.id)} style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}>
          {notice.is_pinned ? <PushpinFilled className="notice-pin" aria-label={t('adminNotice.field.pinned')} /> : null}
          {title}
        </Button>
      ),
    },
    { title: t('adminNotice.field.status'), dataIndex: 'status', width: 110, render: (_status, notice) => <NoticeStatusTag notice={notice} /> },
    { title: t('adminNotice.field.publishAt'), dataIndex: 'publish_at', width: 170, render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm') },
    { title: t('adminNotice.field.readCount'), dataIndex: 'read_count', width: 100, align: 'right' },
    { title: t('adminNotice.field.updatedAt'), dataIndex: 'updated_at', width: 170, render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm') },
    {
      title: t('adminNotice.actions'),
      key: 'actions',
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
          <Form
            form={form}
            name="admin_notice_filters"
            layout="inline"
            className="admin-filters"
            onFinish={(values) => {
              setFilter({ keyword: values.keyword?.trim() || undefined, status: values.status || undefined });
              setPage(1);
            }}
          >
            <Form.Item name="keyword">
              <Input allowClear maxLength={100} aria-label={t('adminNotice.filter.keyword')} placeholder={t('adminNotice.filter.keyword')} style={{ width: 240 }} />
            </Form.Item>
            <Form.Item name="status">
              <Select
                allowClear
                aria-label={t('adminNotice.field.status')}
                placeholder={t('adminNotice.field.status')}
                style={{ width: 130 }}
                options={NOTICE_STATUSES.map((status) => ({ value: status, label: t(`adminNotice.status.${status}`) }))}
              />
            </Form.Item>
            <Form.Item>
              <Space wrap>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  {t('adminNotice.filter.search')}
                </Button>
                <Button
                  icon={<ReloadOutlined />}
                  onClick={() => {
                    form.resetFields();
                    setFilter({});
                    setPage(1);
                  }}
                >
                  {t('adminNotice.filter.reset')}
                </Button>
                <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setEditing({ notice: null })}>
                  {t('adminNotice.add')}
                </Button>
              </Space>
            </Form.Item>
          </Form>
          <Table<TAdminNotice>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={notices.data?.list ?? []}
            loading={notices.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filter.keyword || filter.status ? t('adminNotice.noMatch') : t('adminNotice.empty')} /> }}
            pagination={{
              current: page,
              pageSize,
              total: notices.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('adminNotice.total', { count: total }),
              onChange: (nextPage, nextSize) => {
                setPage(nextSize === pageSize ? nextPage : 1);
                setPageSize(nextSize);
              },
            }}
          />
        </section>
      </div>
      <NoticeFormModal notice={editing?.notice ?? null} isOpen={editing !== null} onClose={() => setEditing(null)} />
      <NoticeDetailDrawer noticeId={detailId} onClose={() => setDetailId(null)} />
    </>
  );
}
