import { EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { PLAN_STATUSES, type PlanStatus, type TAdminTrafficPlan } from '@parlour/contract/calls/traffic';
import { Button, Empty, Flex, Grid, Input, Popconfirm, Select, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/lib/feedback';
import { formatMoney } from '@/lib/money';
import { usePlans } from '../api/list-plans';
import { useSetPlanStatus } from '../api/set-plan-status';
import { PlanFormModal } from './plan-form-modal';

const PAGE_SIZE = 20;

/**
 * The plans tab of /admin/traffic: the traffic package plans merchants buy, with units, valid days,
 * general or store, price and original price, how many were sold; add, edit, enable and disable.
 */
export function PlansTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [status, setStatus] = useState<PlanStatus | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const plans = usePlans({ page, limit: pageSize, status, keyword: search || undefined });
  const setPlanStatus = useSetPlanStatus();
  /** The plan being edited; null: a new one; undefined: the dialog is closed. */
  const [editing, setEditing] = useState<TAdminTrafficPlan | null | undefined>(undefined);
  const isWide = Grid.useBreakpoint().md ?? false;

  const toggle = (plan: TAdminTrafficPlan) => {
    const next: PlanStatus = plan.status === 'enabled' ? 'disabled' : 'enabled';
    return setPlanStatus.mutateAsync({ id: plan.id, status: next }).then((saved) => {
      feedback.success(t(next === 'enabled' ? 'trafficPackage.admin.enabled' : 'trafficPackage.admin.disabled', { name: saved.name }));
    });
  };

  const columns: TableColumnsType<TAdminTrafficPlan> = [
    {
      title: t('trafficPackage.admin.field.name'),
      key: 'name',
      fixed: isWide ? 'left' : undefined,
      width: 200,
      render: (_, plan) => (
        <Flex vertical>
          <Flex gap={6} align="center" wrap>
            <Typography.Text strong>{plan.name}</Typography.Text>
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
    { title: t('trafficPackage.admin.field.units'), dataIndex: 'units', width: 110, align: 'right', render: (units: number) => units.toLocaleString() },
    { title: t('trafficPackage.admin.field.validDays'), dataIndex: 'valid_days', width: 100, align: 'right', render: (days: number) => t('trafficPackage.admin.days', { count: days }) },
    {
      title: t('trafficPackage.admin.field.price'),
      key: 'price',
      width: 150,
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
      dataIndex: 'api_usage',
      width: 240,
      render: (text: string) =>
        text ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0, fontSize: 13 }}>
            {text}
          </Typography.Paragraph>
        ) : (
          '—'
        ),
    },
    { title: t('trafficPackage.admin.field.sold'), dataIndex: 'sold_count', width: 80, align: 'right' },
    {
      title: t('trafficPackage.admin.field.status'),
      key: 'status',
      width: 130,
      render: (_, plan) => (
        <Popconfirm
          title={plan.status === 'enabled' ? t('trafficPackage.admin.disableConfirm', { name: plan.name }) : t('trafficPackage.admin.enableConfirm', { name: plan.name })}
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
      title: t('trafficPackage.admin.field.actions'),
      key: 'actions',
      fixed: isWide ? 'right' : undefined,
      width: 100,
      render: (_, plan) => (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(plan)} aria-label={t('trafficPackage.admin.editTitle', { name: plan.name })}>
          {t('trafficPackage.admin.edit')}
        </Button>
      ),
    },
  ];

  const isFiltered = status !== undefined || search !== '';

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" gap={12} wrap>
        <Flex gap={12} wrap>
          <Select
            allowClear
            style={{ minWidth: 140 }}
            placeholder={t('trafficPackage.filter.allStatuses')}
            aria-label={t('trafficPackage.filter.status')}
            value={status}
            options={PLAN_STATUSES.map((value) => ({ value, label: t(`trafficPackage.planStatus.${value}`) }))}
            onChange={(value?: PlanStatus) => {
              setStatus(value);
              setPage(1);
            }}
          />
          <Input.Search
            allowClear
            style={{ width: 240 }}
            placeholder={t('trafficPackage.admin.searchPlaceholder')}
            value={keyword}
            enterButton={<SearchOutlined />}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
          />
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('trafficPackage.admin.add')}
        </Button>
      </Flex>
      <Table<TAdminTrafficPlan>
        rowKey="id"
        columns={columns}
        dataSource={plans.data?.list ?? []}
        loading={plans.isFetching}
        scroll={{ x: 1200 }}
        size="middle"
        locale={{ emptyText: <Empty description={isFiltered ? t('trafficPackage.admin.noMatch') : t('trafficPackage.admin.empty')} /> }}
        pagination={{
          current: page,
          pageSize,
          total: plans.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => t('trafficPackage.admin.total', { count }),
          onChange: (next, size) => {
            setPage(size !== pageSize ? 1 : next);
            setPageSize(size);
          },
        }}
      />
      <PlanFormModal plan={editing ?? null} isOpen={editing !== undefined} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}
