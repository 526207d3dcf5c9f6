import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PLUGIN_SORT_FIELDS,
  PLUGIN_STATUSES,
  type PluginSortField,
  type PluginStatus,
  type TAdminPlugin,
  type TAdminPluginDetail,
} from '@parlour/contract/calls/plugin';
import { Button, Flex, Form, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { FilterBar, PagedTable, useFilteredPaging } from '@/components/filtered-list';
import { FilterSelect } from '@/components/filter-select';
import { useShopVersions } from '@/lib/api/list-shop-versions';
import { feedback } from '@/lib/feedback';
import { getPluginQueryOptions } from '../api/get-plugin';
import { usePlugins } from '../api/list-plugins';
import { usePluginStatuses } from '../api/plugin-status-lists';
import { usePluginTypeOptions } from '../api/plugin-type-lists';
import { useSetPluginStatus } from '../api/set-plugin-status';
import { AdminPluginDetailDrawer } from './admin-plugin-detail-drawer';
import { PluginFormModal } from './plugin-form-modal';
import { PluginIcon } from '@/components/plugin-icon';
import { PluginPriceCell } from './plugin-price-cell';
import { PluginStatusTag } from './plugin-status-tag';

/** The list's filter as the URL and the filter row hold it (ids as text). */
interface PluginFilter {
  keyword?: string;
  type_id?: string;
  status?: PluginStatus;
  package_id?: string;
}
const PLUGIN_FILTER_KEYS = ['keyword', 'type_id', 'status', 'package_id'] as const satisfies ReadonlyArray<
  keyof PluginFilter
>;

const positiveId = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? value : undefined);

/** The filter in the URL (`?keyword=…&type_id=2&status=unlisted&package_id=3`); values out of range are dropped. */
export function pluginFilterFromQuery(params: URLSearchParams): PluginFilter {
  const status = params.get('status');
  return {
    keyword: params.get('keyword')?.trim() || undefined,
    type_id: positiveId(params.get('type_id')),
    status: PLUGIN_STATUSES.find((known) => known === status),
    package_id: positiveId(params.get('package_id')),
  };
}

/**
 * The plugins tab of /admin/plugin: the catalogue with search, type / status / store-version
 * filters and sorting (install count, price, update and creation time) in the URL; add, edit,
 * detail, and list or unlist with a confirmation.
 */
export function PluginsTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PluginFilter>();
  const list = useFilteredPaging<PluginFilter, PluginSortField>({
    filterKeys: PLUGIN_FILTER_KEYS,
    parseFilter: pluginFilterFromQuery,
    sortFields: PLUGIN_SORT_FIELDS,
  });
  const { filter } = list;
  const plugins = usePlugins({
    keyword: filter.keyword,
    status: filter.status,
    type_id: filter.type_id ? Number(filter.type_id) : undefined,
    package_id: filter.package_id ? Number(filter.package_id) : undefined,
    ...list.query,
  });
  const types = usePluginTypeOptions();
  const statuses = usePluginStatuses();
  const versions = useShopVersions();
  const setStatus = useSetPluginStatus();
  const queryClient = useQueryClient();
  /** The open form: `plugin` null for a new one, else the detail of the plugin being edited; undefined: closed. */
  const [editing, setEditing] = useState<{ plugin: TAdminPluginDetail | null } | undefined>(undefined);
  /** Each opening of the form is a fresh form (its antd form store would otherwise keep the last plugin's values). */
  const [formSession, setFormSession] = useState(0);
  const startEditing = (plugin: TAdminPluginDetail | null) => {
    setFormSession((session) => session + 1);
    setEditing({ plugin });
  };
  /** The plugin whose detail is loading for its form. */
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);

  const toggle = async (plugin: TAdminPlugin) => {
    const next: PluginStatus = plugin.status === 'listed' ? 'unlisted' : 'listed';
    const saved = await setStatus.mutateAsync({ id: plugin.id, status: next });
    feedback.success(t(next === 'listed' ? 'adminPlugin.listed' : 'adminPlugin.unlisted', { name: saved.name }));
  };
  /** The form needs what the list leaves out (description, screenshots, both languages): its detail, fresh. */
  const openEdit = async (plugin: Pick<TAdminPluginDetail, 'id'>) => {
    setLoadingId(plugin.id);
    try {
      const detail = await queryClient.fetchQuery(getPluginQueryOptions(plugin.id));
      setDetailId(null);
      startEditing(detail);
    } catch {
      // The request layer has shown why.
    } finally {
      setLoadingId(null);
    }
  };

  // At 1440 px the list fits its card without scrolling sideways (about 1,090 px of columns):
  // the plugin's version sits under its code, the trial under the price, version tags and long
  // headers wrap, and only the actions column is pinned. The actions column is as wide as its
  // three links on one line (about 178 px with the cell's padding), "下架" / "上架" included.
  const columns: Array<DataColumn<TAdminPlugin>> = [
    {
      key: 'name',
      title: t('adminPlugin.field.plugin'),
      isRequired: true,
      cardRole: 'title',
      width: 220,
      render: (_, plugin) => (
        <Flex gap={10} align="center">
          <PluginIcon src={plugin.icon} size={40} />
          <Flex vertical style={{ minWidth: 0 }}>
            <Button type="link" onClick={() => setDetailId(plugin.id)} className="plugin-name-link">
              {plugin.name}
            </Button>
            <Flex gap={6} wrap style={{ fontSize: 12 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                {plugin.code}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                v{plugin.version}
              </Typography.Text>
            </Flex>
          </Flex>
        </Flex>
      ),
    },
    { key: 'type', title: t('adminPlugin.field.type'), dataIndex: 'type_name', width: 90 },
    {
      key: 'packages',
      title: t('adminPlugin.field.packages'),
      width: 170,
      render: (_, plugin) => (
        <Space size={[4, 4]} wrap>
          {plugin.packages.map((version) => (
            <Tag key={version.id} color="orange" style={{ marginInlineEnd: 0 }}>
              {version.name}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'price',
      sortField: 'price',
      title: t('adminPlugin.field.price'),
      align: 'right',
      width: 120,
      render: (_, plugin) => <PluginPriceCell plugin={plugin} isTrialShown />,
    },
    {
      key: 'status',
      title: t('adminPlugin.field.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: PluginStatus) => <PluginStatusTag status={status} />,
    },
    {
      key: 'install_count',
      sortField: 'install_count',
      title: t('adminPlugin.field.installCount'),
      dataIndex: 'install_count',
      align: 'right',
      width: 90,
    },
    {
      key: 'updated_at',
      sortField: 'updated_at',
      title: t('adminPlugin.field.updatedAt'),
      dataIndex: 'updated_at',
      width: 120,
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      key: 'created_at',
      sortField: 'created_at',
      isHiddenByDefault: true,
      title: t('adminPlugin.field.createdAt'),
      dataIndex: 'created_at',
      width: 120,
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      key: 'actions',
      title: t('adminPlugin.actions'),
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      width: 190,
      render: (_, plugin) => (
        <Space size={[4, 0]} wrap>
          <Button size="small" type="link" onClick={() => setDetailId(plugin.id)}>
            {t('adminPlugin.view')}
          </Button>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            loading={loadingId === plugin.id}
            onClick={() => void openEdit(plugin)}
          >
            {t('adminPlugin.edit')}
          </Button>
          <Popconfirm
            title={t(plugin.status === 'listed' ? 'adminPlugin.unlistConfirm.title' : 'adminPlugin.listConfirm.title', {
              name: plugin.name,
            })}
            description={t(
              plugin.status === 'listed'
                ? 'adminPlugin.unlistConfirm.description'
                : 'adminPlugin.listConfirm.description',
              { count: plugin.install_count },
            )}
            okText={t(plugin.status === 'listed' ? 'adminPlugin.unlist' : 'adminPlugin.list')}
            okButtonProps={{ danger: plugin.status === 'listed', loading: setStatus.isPending }}
            cancelText={t('common.cancel')}
            onConfirm={() => toggle(plugin).catch(() => undefined)}
          >
            <Button size="small" type="link" danger={plugin.status === 'listed'}>
              {t(plugin.status === 'listed' ? 'adminPlugin.unlist' : 'adminPlugin.list')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const statusLabel = (status: PluginStatus) =>
    statuses.data?.list.find((option) => option.value === status)?.label ?? t(`adminPlugin.status.${status}`);

  return (
    <>
      <FilterBar<PluginFilter>
        form={form}
        values={filter}
        name="admin_plugin_filters"
        onSearch={(values) =>
          list.setFilter({
            keyword: values.keyword?.trim() || undefined,
            type_id: values.type_id || undefined,
            status: values.status || undefined,
            package_id: values.package_id || undefined,
          })
        }
        onReset={() => list.setFilter({})}
        searchLabel={t('adminPlugin.filter.search')}
        resetLabel={t('adminPlugin.filter.reset')}
        extra={
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => startEditing(null)}>
            {t('adminPlugin.add')}
          </Button>
        }
      >
        <Form.Item name="keyword">
          <Input
            allowClear
            maxLength={100}
            aria-label={t('adminPlugin.filter.keyword')}
            placeholder={t('adminPlugin.filter.keyword')}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item name="type_id">
          <FilterSelect
            label={t('adminPlugin.field.type')}
            options={(types.data?.list ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
          />
        </Form.Item>
        <Form.Item name="status">
          <FilterSelect
            label={t('adminPlugin.field.status')}
            options={PLUGIN_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
          />
        </Form.Item>
        <Form.Item name="package_id">
          <FilterSelect
            label={t('adminPlugin.filter.package')}
            width={160}
            options={(versions.data?.list ?? []).map((version) => ({ value: String(version.id), label: version.name }))}
          />
        </Form.Item>
      </FilterBar>
      <PagedTable<TAdminPlugin>
        listId="admin.plugins"
        columns={columns}
        rows={plugins.data?.list ?? []}
        total={plugins.data?.total ?? 0}
        isLoading={plugins.isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.onPageChange}
        sort={list.sort}
        onSortChange={list.setSort}
        totalText={(total) => t('adminPlugin.total', { count: total })}
        emptyText={list.hasFilter ? t('adminPlugin.noMatch') : t('adminPlugin.empty')}
      />
      <PluginFormModal
        key={formSession}
        plugin={editing?.plugin ?? null}
        isOpen={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
      <AdminPluginDetailDrawer pluginId={detailId} onClose={() => setDetailId(null)} onEdit={startEditing} />
    </>
  );
}
