import {
  AUDIT_ACTIONS,
  AUDIT_SORT_FIELDS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditTargetType,
  type TAuditEntry,
} from '@parlour/contract/calls/operations';
import { Button, DatePicker, Flex, Form, Input, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/data-table';
import { FilterBar, PagedTable, useFilteredPaging } from '@/components/filtered-list';
import { FilterSelect } from '@/components/filter-select';
import { dayjs } from '@/lib/dayjs';
import { useAuditLog } from '../api/list-audit-log';
import { AuditDetailModal } from './audit-detail-modal';

const TIME = 'YYYY-MM-DD HH:mm:ss';

interface Filter {
  admin_id?: string;
  action?: AuditAction;
  target_type?: AuditTargetType;
  target_id?: string;
  from?: string;
  to?: string;
}
interface FilterValues {
  admin_id?: string;
  action?: AuditAction;
  target_type?: AuditTargetType;
  target_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const isInstant = (value: string | null) => Boolean(value && !Number.isNaN(Date.parse(value)));

/** The filter in the URL; values out of range are dropped. */
function auditFilterFromQuery(params: URLSearchParams): Filter {
  const adminId = params.get('admin_id');
  const from = params.get('from');
  const to = params.get('to');
  return {
    admin_id: adminId && /^\d+$/.test(adminId) ? adminId : undefined,
    action: AUDIT_ACTIONS.find((known) => known === params.get('action')),
    target_type: AUDIT_TARGET_TYPES.find((known) => known === params.get('target_type')),
    target_id: params.get('target_id') || undefined,
    from: isInstant(from) ? from! : undefined,
    to: isInstant(to) ? to! : undefined,
  };
}

/** The audit log: every operator change, filtered by operator, action, target and time, with a detail view. */
export function AuditLogSection({ operators }: { operators: Array<{ id: number; account: string }> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const { filter, setFilter, page, pageSize, onPageChange, sort, setSort, query } = useFilteredPaging({
    filterKeys: ['admin_id', 'action', 'target_type', 'target_id', 'from', 'to'],
    parseFilter: auditFilterFromQuery,
    sortFields: AUDIT_SORT_FIELDS,
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const audit = useAuditLog({
    ...filter,
    admin_id: filter.admin_id ? Number(filter.admin_id) : undefined,
    target_id: filter.target_type ? filter.target_id : undefined,
    ...query,
  });
  const hasFilter = Object.values(filter).some(Boolean);

  const columns: Array<DataColumn<TAuditEntry>> = [
    {
      key: 'created_at',
      sortField: 'created_at',
      isRequired: true,
      title: t('operations.audit.field.time'),
      dataIndex: 'created_at',
      width: 170,
      render: (value: string) => dayjs(value).format(TIME),
    },
    { key: 'admin_account', title: t('operations.audit.field.operator'), dataIndex: 'admin_account', width: 120 },
    {
      key: 'action',
      cardRole: 'title',
      isRequired: true,
      title: t('operations.audit.field.action'),
      dataIndex: 'action',
      width: 180,
      render: (action: string) => (
        <Tag color="orange">{t(`operations.actions.${action}`, { defaultValue: action })}</Tag>
      ),
    },
    {
      key: 'target',
      title: t('operations.audit.field.target'),
      dataIndex: 'target_id',
      width: 200,
      render: (targetId: string, entry) => (
        <span style={{ overflowWrap: 'anywhere' }}>
          {t(`operations.targets.${entry.target_type}`, { defaultValue: entry.target_type })}
          {targetId ? ` · ${targetId}` : ''}
        </span>
      ),
    },
    {
      key: 'changed_fields',
      title: t('operations.audit.field.changed'),
      dataIndex: 'changed_fields',
      width: 200,
      render: (fields: string[]) => (
        <span style={{ overflowWrap: 'anywhere' }}>{fields.length ? fields.join(', ') : '—'}</span>
      ),
    },
    {
      key: 'ip',
      title: t('operations.audit.field.ipRequest'),
      dataIndex: 'ip',
      width: 230,
      render: (ip: string, entry) => (
        <Flex vertical>
          <span>{ip}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {entry.request_id}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      isRequired: true,
      cardRole: 'actions',
      title: t('operations.audit.field.actions'),
      width: 90,
      fixed: 'right',
      render: (_value, entry) => (
        <Button size="small" type="link" onClick={() => setOpenId(entry.id)}>
          {t('operations.audit.detail')}
        </Button>
      ),
    },
  ];

  return (
    <section className="page-card" aria-label={t('operations.audit.title')}>
      <Typography.Title level={5}>{t('operations.audit.title')}</Typography.Title>
      <FilterBar<FilterValues>
        form={form}
        values={{
          ...filter,
          range:
            filter.from || filter.to
              ? [filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null]
              : undefined,
        }}
        name="admin_audit_filters"
        onSearch={(values) =>
          setFilter({
            admin_id: values.admin_id ? String(values.admin_id) : undefined,
            action: values.action || undefined,
            target_type: values.target_type || undefined,
            target_id: values.target_type ? values.target_id?.trim() || undefined : undefined,
            from: values.range?.[0]?.toISOString(),
            to: values.range?.[1]?.toISOString(),
          })
        }
        onReset={() => setFilter({})}
        searchLabel={t('operations.filter.search')}
        resetLabel={t('operations.filter.reset')}
        extra={
          <Button onClick={() => void audit.refetch()} loading={audit.isFetching}>
            {t('operations.refresh')}
          </Button>
        }
      >
        <Form.Item name="admin_id">
          <FilterSelect
            label={t('operations.audit.field.operator')}
            options={operators.map((operator) => ({ value: String(operator.id), label: operator.account }))}
          />
        </Form.Item>
        <Form.Item name="action">
          <FilterSelect
            label={t('operations.audit.field.action')}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`operations.actions.${action}`) }))}
          />
        </Form.Item>
        <Form.Item name="target_type">
          <FilterSelect
            label={t('operations.audit.field.targetType')}
            options={AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: t(`operations.targets.${type}`) }))}
          />
        </Form.Item>
        <Form.Item name="target_id">
          <Input
            allowClear
            maxLength={100}
            aria-label={t('operations.audit.field.targetId')}
            placeholder={t('operations.audit.field.targetId')}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            aria-label={t('operations.audit.field.time')}
            placeholder={[t('operations.audit.from'), t('operations.audit.to')]}
          />
        </Form.Item>
      </FilterBar>
      <PagedTable<TAuditEntry>
        listId="admin.audit"
        columns={columns}
        rows={audit.data?.list ?? []}
        total={audit.data?.total ?? 0}
        isLoading={audit.isFetching}
        page={page}
        pageSize={pageSize}
        onPageChange={onPageChange}
        sort={sort}
        onSortChange={setSort}
        totalText={(total) => t('operations.audit.total', { count: total })}
        emptyText={hasFilter ? t('operations.audit.noMatch') : t('operations.audit.empty')}
      />
      <AuditDetailModal id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
