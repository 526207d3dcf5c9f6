import {
  PROSPECT_SORT_FIELDS,
  PROSPECT_STATUSES,
  type ProspectStatus,
  type TProspect,
} from '@parlour/contract/calls/prospect';
import type { TDateRangeInput } from '@parlour/contract/calls/report';
import { formatPhone } from '@parlour/contract/phone';
import { Button, Flex, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/data-table';
import { DateRangeFilter } from '@/components/date-range-filter';
import { FilterBar, PagedTable, useFilteredPaging } from '@/components/filtered-list';
import { FilterSelect } from '@/components/filter-select';
import { PageHeader } from '@/components/page-header';
import { dayjs } from '@/lib/dayjs';
import { useProspects } from '../api/list-prospects';
import { FollowUpModal } from '../components/follow-up-modal';

const TIME = 'YYYY-MM-DD HH:mm';

interface Filter extends TDateRangeInput {
  keyword?: string;
  status?: ProspectStatus;
}
interface FilterValues {
  keyword?: string;
  status?: ProspectStatus;
  range?: TDateRangeInput;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter in the URL (`?status=new&start_date=…&end_date=…`); values out of range are dropped. */
function prospectFilterFromQuery(params: URLSearchParams): Filter {
  const status = params.get('status');
  const start = params.get('start_date') ?? '';
  const end = params.get('end_date') ?? '';
  const hasRange = DAY.test(start) && DAY.test(end) && start <= end;
  return {
    keyword: params.get('keyword') || undefined,
    status: PROSPECT_STATUSES.find((known) => known === status),
    start_date: hasRange ? start : undefined,
    end_date: hasRange ? end : undefined,
  };
}

/** /admin/prospects: leads from the public site's message form, filtered, followed up with a remark. */
export default function ProspectsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const { filter, setFilter, page, pageSize, onPageChange, sort, setSort, query } = useFilteredPaging({
    filterKeys: ['keyword', 'status', 'start_date', 'end_date'],
    parseFilter: prospectFilterFromQuery,
    sortFields: PROSPECT_SORT_FIELDS,
  });
  const [following, setFollowing] = useState<TProspect | null>(null);
  const prospects = useProspects({ ...filter, ...query });
  const hasFilter = Boolean(filter.keyword || filter.status || filter.start_date);

  const columns: Array<DataColumn<TProspect>> = [
    // Every column has a width (the message and the remark wrap inside theirs, at most the column's width,
    // and within a card's width at phone size), so the list fits a 1366 px screen.
    {
      key: 'name',
      isRequired: true,
      cardRole: 'title',
      title: t('adminProspects.field.name'),
      dataIndex: 'name',
      width: 110,
      render: (name: string) => (
        <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 94 }}>
          {name}
        </Typography.Text>
      ),
    },
    {
      key: 'contact',
      title: t('adminProspects.field.contact'),
      dataIndex: 'contact',
      width: 160,
      render: (contact: string) => (
        <Typography.Text copyable={{ text: contact }}>{formatPhone(contact)}</Typography.Text>
      ),
    },
    {
      key: 'content',
      title: t('adminProspects.field.content'),
      dataIndex: 'content',
      width: 230,
      render: (content: string) => (
        <Typography.Paragraph
          ellipsis={{
            rows: 2,
            expandable: 'collapsible',
            symbol: (isExpanded) => (isExpanded ? t('adminProspects.less') : t('adminProspects.more')),
          }}
          style={{ margin: 0, width: '100%', maxWidth: 214, whiteSpace: 'pre-wrap' }}
        >
          {content}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'status',
      title: t('adminProspects.field.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: ProspectStatus) =>
        status === 'new' ? (
          <Tag color="orange">{t('adminProspects.status.new')}</Tag>
        ) : (
          <Tag color="green">{t('adminProspects.status.followed_up')}</Tag>
        ),
    },
    {
      key: 'remark',
      // The follow-up: its remark and time, sorted on the time.
      sortField: 'followed_up_at',
      title: t('adminProspects.field.followUp'),
      dataIndex: 'remark',
      width: 170,
      render: (remark: string, prospect) =>
        remark || prospect.followed_up_at ? (
          <div style={{ width: '100%', maxWidth: 154, overflowWrap: 'anywhere' }}>
            <div style={{ whiteSpace: 'pre-wrap' }}>{remark || '—'}</div>
            {prospect.followed_up_at ? (
              <Typography.Text type="secondary">{dayjs(prospect.followed_up_at).format(TIME)}</Typography.Text>
            ) : null}
          </div>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'created_at',
      sortField: 'created_at',
      title: t('adminProspects.field.createdAtIp'),
      dataIndex: 'created_at',
      width: 150,
      render: (value: string, prospect) => (
        <Flex vertical>
          <span>{dayjs(value).format(TIME)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {prospect.ip ?? '—'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('adminProspects.actions'),
      key: 'actions',
      isRequired: true,
      cardRole: 'actions',
      width: 100,
      fixed: 'right',
      render: (_value, prospect) => (
        <Button size="small" type="link" onClick={() => setFollowing(prospect)}>
          {prospect.status === 'new' ? t('adminProspects.markFollowedUp') : t('adminProspects.editRemark')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader />
      <div className="page-body admin-page">
        <section className="page-card">
          <FilterBar<FilterValues>
            form={form}
            values={{
              keyword: filter.keyword,
              status: filter.status,
              range: filter.start_date ? { start_date: filter.start_date, end_date: filter.end_date } : undefined,
            }}
            name="admin_prospect_filters"
            onSearch={(values) =>
              setFilter({
                keyword: values.keyword?.trim() || undefined,
                status: values.status || undefined,
                start_date: values.range?.start_date,
                end_date: values.range?.end_date,
              })
            }
            onReset={() => setFilter({})}
            searchLabel={t('adminProspects.filter.search')}
            resetLabel={t('adminProspects.filter.reset')}
            extra={
              prospects.data ? (
                <Tag color={prospects.data.new_count > 0 ? 'orange' : undefined}>
                  {t('adminProspects.newCount', { count: prospects.data.new_count })}
                </Tag>
              ) : null
            }
          >
            <Form.Item name="keyword">
              <Input
                allowClear
                maxLength={100}
                aria-label={t('adminProspects.filter.keyword')}
                placeholder={t('adminProspects.filter.keyword')}
                style={{ width: 240 }}
              />
            </Form.Item>
            <Form.Item name="status">
              <FilterSelect
                label={t('adminProspects.field.status')}
                options={PROSPECT_STATUSES.map((status) => ({
                  value: status,
                  label: t(`adminProspects.status.${status}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="range">
              <DateRangeFilter allowClear />
            </Form.Item>
          </FilterBar>
          <PagedTable<TProspect>
            listId="admin.prospects"
            columns={columns}
            rows={prospects.data?.list ?? []}
            total={prospects.data?.total ?? 0}
            isLoading={prospects.isFetching}
            page={page}
            pageSize={pageSize}
            onPageChange={onPageChange}
            sort={sort}
            onSortChange={setSort}
            totalText={(total) => t('adminProspects.total', { count: total })}
            emptyText={hasFilter ? t('adminProspects.noMatch') : t('adminProspects.empty')}
          />
        </section>
      </div>
      <FollowUpModal prospect={following} onClose={() => setFollowing(null)} />
    </>
  );
}
