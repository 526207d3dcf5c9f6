import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TAdminPluginType } from '@parlour/contract/calls/plugin';
import { Button, Empty, Flex, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { feedback } from '@/lib/feedback';
import { useDeletePluginType } from '../api/delete-plugin-type';
import { useAdminPluginTypes } from '../api/admin-list-plugin-types';
import { PluginTypeFormModal } from './plugin-type-form-modal';

/**
 * The types tab of /admin/plugin: the list of plugin types both consoles filter by, in display
 * order; add, rename, reorder, and delete one no plugin uses.
 */
export function PluginTypesTab() {
  const { t } = useTranslation();
  const types = useAdminPluginTypes();
  const remove = useDeletePluginType();
  /** The type being edited; null: a new one; undefined: the dialog is closed. */
  const [editing, setEditing] = useState<TAdminPluginType | null | undefined>(undefined);

  const onDelete = async (type: TAdminPluginType) => {
    await remove.mutateAsync(type.id);
    feedback.success(t('adminPlugin.types.deleted', { name: type.name }));
  };

  const columns: Array<DataColumn<TAdminPluginType>> = [
    {
      key: 'name',
      title: t('adminPlugin.types.name'),
      isRequired: true,
      cardRole: 'title',
      render: (_, type) => (
        <Flex vertical>
          <Typography.Text strong>{type.localized.name['zh-CN']}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {type.localized.name['en-US'] || t('adminPlugin.detail.noEnglish')}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'sort', title: t('adminPlugin.types.sort'), dataIndex: 'sort', align: 'right', width: 100 },
    {
      key: 'plugin_count',
      title: t('adminPlugin.types.pluginCount'),
      dataIndex: 'plugin_count',
      align: 'right',
      width: 120,
    },
    {
      key: 'updated_at',
      title: t('adminPlugin.field.updatedAt'),
      dataIndex: 'updated_at',
      width: 140,
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      key: 'actions',
      title: t('adminPlugin.actions'),
      isRequired: true,
      cardRole: 'actions',
      fixed: 'right',
      width: 170,
      render: (_, type) => (
        <Space size={4}>
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(type)}>
            {t('adminPlugin.edit')}
          </Button>
          {type.plugin_count > 0 ? (
            <Tooltip title={t('adminPlugin.types.inUse', { count: type.plugin_count })}>
              <Button size="small" type="link" danger disabled icon={<DeleteOutlined />}>
                {t('adminPlugin.types.delete')}
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={t('adminPlugin.types.deleteConfirm', { name: type.name })}
              okText={t('adminPlugin.types.delete')}
              okButtonProps={{ danger: true, loading: remove.isPending }}
              cancelText={t('common.cancel')}
              onConfirm={() => onDelete(type).catch(() => undefined)}
            >
              <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                {t('adminPlugin.types.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">{t('adminPlugin.types.hint')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('adminPlugin.types.add')}
        </Button>
      </Flex>
      <DataTable<TAdminPluginType>
        listId="admin.plugin.types"
        rowKey="id"
        columns={columns}
        rows={types.data?.list ?? []}
        isLoading={types.isFetching}
        emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminPlugin.types.empty')} />}
      />
      <PluginTypeFormModal
        type={editing ?? null}
        isOpen={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
    </Flex>
  );
}
