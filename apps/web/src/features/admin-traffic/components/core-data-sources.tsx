import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ZDataSourceAddInput, ZDataSourceEditInput, type TDataSource } from '@parlour/contract/calls/open-core';
import { LOG_PLATFORMS } from '@parlour/contract/constants';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { platformLabel } from '@/components/traffic-labels';
import { feedback } from '@/lib/feedback';
import { fieldRule } from '@/lib/form-rules';
import {
  useAddDataSource,
  useDataSources,
  useDeleteDataSource,
  useEditDataSource,
  useEnableDataSource,
} from '../api/core-data-sources';

/** The data source of each platform: switch a platform on or off, edit, delete, add. */
export function CoreDataSources() {
  const { t } = useTranslation();
  const sources = useDataSources();
  const enable = useEnableDataSource();
  const remove = useDeleteDataSource();
  /** The source being edited; null: a new one; undefined: the dialog is closed. */
  const [editing, setEditing] = useState<TDataSource | null | undefined>(undefined);
  const list = sources.data?.list ?? [];
  const freePlatforms = LOG_PLATFORMS.filter((platform) => !list.some((source) => source.platform === platform));

  const toggle = (source: TDataSource) =>
    enable.mutateAsync({ id: source.id, is_enabled: !source.is_enabled }).then((saved) => {
      feedback.success(
        t(saved.is_enabled ? 'openApi.sources.enabled' : 'openApi.sources.disabled', { name: saved.name }),
      );
    });

  const columns: Array<DataColumn<TDataSource>> = [
    {
      title: t('openApi.sources.platform'),
      key: 'platform',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      render: (_, source) => (
        <Flex vertical>
          <Typography.Text strong>{platformLabel(t, source.platform)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {source.platform}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('openApi.sources.name'),
      key: 'name',
      dataIndex: 'name',
      width: 180,
      render: (name: string) => (
        <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 180 }}>
          {name}
        </Typography.Text>
      ),
    },
    {
      title: t('openApi.sources.apis'),
      key: 'apis',
      render: (_, source) =>
        t('openApi.sources.apiCount', { enabled: source.enabled_api_count, total: source.api_count }),
    },
    {
      title: t('openApi.sources.remark'),
      key: 'remark',
      dataIndex: 'remark',
      width: 260,
      render: (remark: string) =>
        remark ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: remark }} style={{ margin: 0, maxWidth: 260 }}>
            {remark}
          </Typography.Paragraph>
        ) : (
          '—'
        ),
    },
    { title: t('openApi.sources.sort'), key: 'sort', dataIndex: 'sort', align: 'right' },
    {
      title: t('openApi.sources.status'),
      key: 'status',
      render: (_, source) => (
        <Popconfirm
          title={
            source.is_enabled
              ? t('openApi.sources.disableConfirm', { name: source.name })
              : t('openApi.sources.enableConfirm', { name: source.name })
          }
          description={source.is_enabled ? t('openApi.sources.disableHint') : undefined}
          okText={t('openApi.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => toggle(source).catch(() => undefined)}
        >
          <Switch
            checked={source.is_enabled}
            checkedChildren={t('openApi.on')}
            unCheckedChildren={t('openApi.off')}
            loading={enable.isPending && enable.variables?.id === source.id}
            aria-label={t('openApi.sources.toggle', { name: source.name })}
          />
        </Popconfirm>
      ),
    },
    {
      title: t('openApi.actions'),
      key: 'actions',
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      render: (_, source) => (
        <Flex gap={4}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing(source)}
            aria-label={t('openApi.sources.editTitle', { name: source.name })}
          >
            {t('openApi.edit')}
          </Button>
          <Popconfirm
            title={t('openApi.sources.deleteConfirm', { name: source.name })}
            description={t('openApi.sources.deleteHint')}
            okText={t('openApi.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              remove
                .mutateAsync({ id: source.id })
                .then(() => feedback.success(t('openApi.sources.deleted', { name: source.name })))
                .catch(() => undefined)
            }
          >
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('openApi.sources.deleteConfirm', { name: source.name })}
            >
              {t('openApi.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Card
      title={t('openApi.sources.title')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing(null)} disabled={!freePlatforms.length}>
          {t('openApi.sources.add')}
        </Button>
      }
    >
      <DataTable<TDataSource>
        listId="admin.traffic.sources"
        rowKey="id"
        columns={columns}
        rows={list}
        isLoading={sources.isFetching}
        emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('openApi.sources.empty')} />}
      />
      <DataSourceModal
        source={editing ?? null}
        freePlatforms={freePlatforms}
        isOpen={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
    </Card>
  );
}

interface SourceValues {
  platform?: string;
  name?: string;
  remark?: string;
  sort?: number | null;
}

function DataSourceModal({
  source,
  freePlatforms,
  isOpen,
  onClose,
}: {
  source: TDataSource | null;
  freePlatforms: readonly string[];
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<SourceValues>();
  const add = useAddDataSource();
  const edit = useEditDataSource();
  const isNew = source === null;
  const isPending = add.isPending || edit.isPending;

  const onFinish = (values: SourceValues) => {
    const fields = { name: values.name, remark: values.remark ?? '', sort: values.sort ?? 0 };
    if (isNew) {
      const parsed = ZDataSourceAddInput.safeParse({ ...fields, platform: values.platform });
      if (!parsed.success) return feedback.error(t('validation:form_error'));
      add.mutate(parsed.data, {
        onSuccess: (saved) => {
          feedback.success(t('openApi.sources.created', { name: saved.name }));
          onClose();
        },
      });
    } else {
      const parsed = ZDataSourceEditInput.safeParse({ ...fields, id: source.id });
      if (!parsed.success) return feedback.error(t('validation:form_error'));
      edit.mutate(parsed.data, {
        onSuccess: (saved) => {
          feedback.success(t('openApi.sources.saved', { name: saved.name }));
          onClose();
        },
      });
    }
  };

  return (
    <Modal
      open={isOpen}
      title={isNew ? t('openApi.sources.addTitle') : t('openApi.sources.editTitle', { name: source.name })}
      okText={isNew ? t('openApi.create') : t('openApi.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="data_source_form"
        layout="vertical"
        noValidate
        preserve={false}
        initialValues={
          source
            ? { platform: source.platform, name: source.name, remark: source.remark, sort: source.sort }
            : { platform: freePlatforms[0], name: '', remark: '', sort: 0 }
        }
        onFinish={onFinish}
        onFinishFailed={() => feedback.error(t('validation:form_error'))}
        disabled={isPending}
      >
        <Form.Item
          name="platform"
          label={t('openApi.sources.platform')}
          rules={isNew ? [fieldRule(ZDataSourceAddInput, 'platform')] : []}
        >
          <Select
            disabled={!isNew}
            options={(isNew ? freePlatforms : [source.platform]).map((platform) => ({
              value: platform,
              label: platformLabel(t, platform),
            }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('openApi.sources.name')} rules={[fieldRule(ZDataSourceAddInput, 'name')]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="remark" label={t('openApi.sources.remark')} rules={[fieldRule(ZDataSourceAddInput, 'remark')]}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Row>
          <Col xs={24} sm={8}>
            <Form.Item name="sort" label={t('openApi.sources.sort')} rules={[fieldRule(ZDataSourceAddInput, 'sort')]}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
