import { EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  PLAN_SORT_FIELDS,
  PLAN_STATUSES,
  type PlanStatus,
  type TAdminTrafficPlan,
} from '@parlour/contract/calls/traffic';
import { Button, Empty, Flex, Input, Popconfirm, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { useListUrlState } from '@/components/use-list-url-state';
import { feedback } from '@/lib/feedback';
import { formatMoney } from '@/lib/money';
import { usePlans } from '../api/list-plans';
import { useSetPlanStatus } from '../api/set-plan-status';
import { PlanFormModal } from './plan-form-modal';

const PAGE_SIZE = 20;

interface PlanFilter {
  status?: PlanStatus;
  keyword?: string;
}
const PLAN_FILTER_KEYS = ['status', 'keyword'] as const satisfies ReadonlyArray<keyof PlanFilter>;

/** The filter in the URL (`?tab=plans&status=disabled&keyword=…`); a status out of range is dropped. */
function planFilterFromQuery(params: URLSearchParams): PlanFilter {
  const status = params.get('status');
  return {
    status: (PLAN_STATUSES as readonly string[]).includes(status ?? '') ? (status as PlanStatus) : undefined,
    keyword: params.get('keyword')?.trim() || undefined,
  };
}

/**
 * The plans tab of /admin/traffic: the traffic package plans merchants buy, with units, valid days,
 * general or store, price and original price, how many were sold; add, edit, enable and disable.
 * Filters, sort (price, units, created; the server sorts, the list is paged) and page live in the URL.
 */
export function PlansTab() {
  const { t } = useTranslation();
  const list = useListUrlState({
    filterKeys: PLAN_FILTER_KEYS,
    parseFilter: planFilterFromQuery,
    defaultPageSize: PAGE_SIZE,
    sortFields: PLAN_SORT_FIELDS,
  });
  const { filter } = list;
  const plans = usePlans({ ...filter, ...list.query });
  const setPlanStatus = useSetPlanStatus();
  /** The plan being edited; null: a new one; undefined: the dialog is closed. */
  const [editing, setEditing] = useState<TAdminTrafficPlan | null | undefined>(undefined);

  const toggle = (plan: TAdminTrafficPlan) => {
    const next: PlanStatus = plan.status === 'enabled' ? 'disabled' : 'enabled';
    return setPlanStatus.mutateAsync({ id: plan.id, status: next }).then((saved) => {
      feedback.success(
        t(next === 'enabled' ? 'trafficPackage.admin.enabled' : 'trafficPackage.admin.disabled', { name: saved.name }),
      );
    });
  };

  const columns: Array<DataColumn<TAdminTrafficPlan>> = [
    {
      title: t('trafficPackage.admin.field.name'),
      key: 'name',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      width: 180,
      render: (_, plan) => (
        <Flex vertical>
          <Flex gap={6} align="center" wrap>
            <Typography.Text strong ellipsis={{ tooltip: plan.name }} style={{ maxWidth: 180 }}>
              {plan.name}
            </Typography.Text>
            <Tag color={plan.is_general ? 'blue' : 'purple'} style={{ marginInlineEnd: 0 }}>
              {plan.is_general ? t('trafficPackage.kind.general') : t('trafficPackage.kind.store')}
            </Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('trafficPackage.admin.sortValue', { sort: plan.sort })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('trafficPackage.admin.field.units'),
      key: 'units',
      dataIndex: 'units',
      sortField: 'units',
      align: 'right',
      render: (units: number) => units.toLocaleString(),
    },
    {
      title: t('trafficPackage.admin.field.validDays'),
      key: 'valid_days',
      dataIndex: 'valid_days',
      align: 'right',
      render: (days: number) => t('trafficPackage.admin.days', { count: days }),
    },
    {
      title: t('trafficPackage.admin.field.price'),
      key: 'price',
      sortField: 'price',
      align: 'right',
      render: (_, plan) => (
        <Flex vertical align="flex-end">
          <Typography.Text strong>{formatMoney(plan.price, plan.currency)}</Typography.Text>
          {plan.original_price > plan.price ? (
            <Typography.Text delete type="secondary" style={{ fontSize: 12 }}>
              {formatMoney(plan.original_price, plan.currency)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('trafficPackage.admin.field.apiUsage'),
      key: 'api_usage',
      dataIndex: 'api_usage',
      width: 240,
      render: (text: string) =>
        text ? (
          <Typography.Paragraph
            ellipsis={{ rows: 2, tooltip: text }}
            style={{ margin: 0, fontSize: 13, maxWidth: 240 }}
          >
            {text}
          </Typography.Paragraph>
        ) : (
          '—'
        ),
    },
    { title: t('trafficPackage.admin.field.sold'), key: 'sold_count', dataIndex: 'sold_count', align: 'right' },
    {
      title: t('trafficPackage.admin.field.status'),
      key: 'status',
      render: (_, plan) => (
        <Popconfirm
          title={
            plan.status === 'enabled'
              ? t('trafficPackage.admin.disableConfirm', { name: plan.name })
              : t('trafficPackage.admin.enableConfirm', { name: plan.name })
          }
          description={plan.status === 'enabled' ? t('trafficPackage.admin.disableHint') : undefined}
          okText={t('trafficPackage.admin.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => toggle(plan).catch(() => undefined)}
        >
          <Switch
            checked={plan.status === 'enabled'}
            checkedChildren={t('trafficPackage.planStatus.enabled')}
            unCheckedChildren={t('trafficPackage.planStatus.disabled')}
            loading={setPlanStatus.isPending && setPlanStatus.variables?.id === plan.id}
            aria-label={t('trafficPackage.admin.toggle', { name: plan.name })}
          />
        </Popconfirm>
      ),
    },
    {
      title: t('trafficPackage.admin.field.createdAt'),
      key: 'created_at',
      dataIndex: 'created_at',
      sortField: 'created_at',
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      title: t('trafficPackage.admin.field.actions'),
      key: 'actions',
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      render: (_, plan) => (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={() => setEditing(plan)}
          aria-label={t('trafficPackage.admin.editTitle', { name: plan.name })}
        >
          {t('trafficPackage.admin.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" gap={12} wrap>
        <Flex gap={12} wrap>
          <Select
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('trafficPackage.filter.allStatuses')}
            aria-label={t('trafficPackage.filter.status')}
            value={filter.status}
            options={PLAN_STATUSES.map((value) => ({ value, label: t(`trafficPackage.planStatus.${value}`) }))}
            onChange={(value?: PlanStatus) => list.patchFilter({ status: value })}
          />
          <Input.Search
            // The field follows the URL: back and forward show the keyword of that step.
            key={filter.keyword ?? ''}
            allowClear
            style={{ width: 240 }}
            placeholder={t('trafficPackage.admin.searchPlaceholder')}
            aria-label={t('trafficPackage.admin.searchPlaceholder')}
            defaultValue={filter.keyword}
            enterButton={<SearchOutlined />}
            onSearch={(value) => list.patchFilter({ keyword: value.trim() || undefined })}
          />
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('trafficPackage.admin.add')}
        </Button>
      </Flex>
      <DataTable<TAdminTrafficPlan>
        listId="admin.traffic.plans"
        rowKey="id"
        columns={columns}
        rows={plans.data?.list ?? []}
        isLoading={plans.isFetching}
        emptyText={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={list.hasFilter ? t('trafficPackage.admin.noMatch') : t('trafficPackage.admin.empty')}
          />
        }
        pagination={list.pagination(plans.data?.total ?? 0, (count) => t('trafficPackage.admin.total', { count }))}
        sort={list.sort}
        onSortChange={list.setSort}
      />
      <PlanFormModal plan={editing ?? null} isOpen={editing !== undefined} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}
