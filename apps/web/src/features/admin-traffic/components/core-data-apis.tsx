import { EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  CACHE_FRESH_DEFAULT_SECONDS,
  CACHE_STALE_DEFAULT_SECONDS,
  ZOpenApiFields,
  type TOpenApi,
  type TPlatform,
} from '@parlour/contract/calls/open-core';
import type { TFunction } from 'i18next';
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
  Row,
  Select,
  Switch,
  Tag,
  Typography,
  type FormRule,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { platformLabel } from '@/components/traffic-labels';
import { useListUrlState } from '@/components/use-list-url-state';
import { feedback } from '@/lib/feedback';
import { fieldRule, validateField } from '@/lib/form-rules';
import { useOpenApis, useSaveOpenApi } from '../api/core-data-apis';

const PAGE_SIZE = 10;

interface ApiFilter {
  platform?: TPlatform;
  keyword?: string;
}
const API_FILTER_KEYS = ['platform', 'keyword'] as const satisfies ReadonlyArray<keyof ApiFilter>;

/** The catalogue's filter in the URL (`?tab=core&platform=jd&keyword=item`); a platform out of range is dropped. */
function apiFilterFromQuery(params: URLSearchParams): ApiFilter {
  const platform = params.get('platform');
  return {
    platform: (LOG_PLATFORMS as readonly string[]).includes(platform ?? '') ? (platform as TPlatform) : undefined,
    keyword: params.get('keyword')?.trim() || undefined,
  };
}

/** The API catalogue: what a store may call on each platform and its cost in units; add and edit. Its filter and page live in the URL. */
export function CoreDataApis() {
  const { t } = useTranslation();
  const list = useListUrlState({
    filterKeys: API_FILTER_KEYS,
    parseFilter: apiFilterFromQuery,
    defaultPageSize: PAGE_SIZE,
  });
  const { filter } = list;
  const apis = useOpenApis({ ...filter, ...list.query });
  /** The API being edited; null: a new one; undefined: the dialog is closed. */
  const [editing, setEditing] = useState<TOpenApi | null | undefined>(undefined);

  const columns: Array<DataColumn<TOpenApi>> = [
    {
      title: t('openApi.apis.platform'),
      key: 'platform',
      dataIndex: 'platform',
      render: (value: string) => platformLabel(t, value),
    },
    {
      title: t('openApi.apis.code'),
      key: 'code',
      dataIndex: 'code',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      title: t('openApi.apis.name'),
      key: 'name',
      dataIndex: 'name',
      width: 130,
      render: (name: string) => (
        <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: 130 }}>
          {name}
        </Typography.Text>
      ),
    },
    {
      title: t('openApi.apis.description'),
      key: 'description',
      dataIndex: 'description',
      width: 280,
      render: (text: string) =>
        text ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0, maxWidth: 280 }}>
            {text}
          </Typography.Paragraph>
        ) : (
          '—'
        ),
    },
    {
      title: t('openApi.apis.cost'),
      key: 'cost',
      dataIndex: 'cost',
      align: 'right',
      render: (cost: number) => t('openApi.apis.units', { count: cost }),
    },
    {
      title: t('openApi.apis.cache'),
      key: 'cache',
      width: 200,
      render: (_: unknown, api: TOpenApi) => (
        <Flex vertical>
          <span>
            {t('openApi.apis.cacheWindows', {
              fresh: durationLabel(t, api.fresh_seconds),
              stale: durationLabel(t, api.stale_seconds),
            })}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {api.cached_cost === null
              ? t('openApi.apis.cachedCostSame')
              : t('openApi.apis.cachedCostUnits', { count: api.cached_cost })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('openApi.apis.status'),
      key: 'is_enabled',
      dataIndex: 'is_enabled',
      render: (isEnabled: boolean) => (
        <Tag color={isEnabled ? 'success' : 'default'}>{isEnabled ? t('openApi.on') : t('openApi.off')}</Tag>
      ),
    },
    { title: t('openApi.apis.sort'), key: 'sort', dataIndex: 'sort', align: 'right' },
    {
      title: t('openApi.actions'),
      key: 'actions',
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      render: (_, api) => (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={() => setEditing(api)}
          aria-label={t('openApi.apis.editTitle', { name: `${api.platform}/${api.code}` })}
        >
          {t('openApi.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={t('openApi.apis.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('openApi.apis.add')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Flex gap={12} wrap>
          <Select
            allowClear
            style={{ minWidth: 150 }}
            placeholder={t('openApi.apis.allPlatforms')}
            aria-label={t('openApi.apis.platform')}
            value={filter.platform}
            options={LOG_PLATFORMS.map((value) => ({ value, label: platformLabel(t, value) }))}
            onChange={(value?: TPlatform) => list.patchFilter({ platform: value })}
          />
          <Input.Search
            // The field follows the URL: back and forward show the keyword of that step.
            key={filter.keyword ?? ''}
            allowClear
            style={{ width: 240 }}
            placeholder={t('openApi.apis.searchPlaceholder')}
            aria-label={t('openApi.apis.searchPlaceholder')}
            defaultValue={filter.keyword}
            enterButton={<SearchOutlined />}
            onSearch={(value) => list.patchFilter({ keyword: value.trim() || undefined })}
          />
        </Flex>
        <DataTable<TOpenApi>
          listId="admin.traffic.apis"
          rowKey="id"
          columns={columns}
          rows={apis.data?.list ?? []}
          isLoading={apis.isFetching}
          emptyText={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={list.hasFilter ? t('openApi.apis.noMatch') : t('openApi.apis.empty')}
            />
          }
          pagination={list.pagination(apis.data?.total ?? 0, (count) => t('openApi.apis.total', { count }))}
        />
      </Flex>
      <OpenApiModal api={editing ?? null} isOpen={editing !== undefined} onClose={() => setEditing(undefined)} />
    </Card>
  );
}

interface ApiValues {
  platform?: TPlatform;
  code?: string;
  name?: string;
  description?: string;
  cost?: number | null;
  /** The cache's windows as the form shows them: freshness in minutes, the stale window in hours. */
  fresh_minutes?: number | null;
  stale_hours?: number | null;
  /** Empty: the same as a call. */
  cached_cost?: number | null;
  is_enabled?: boolean;
  sort?: number | null;
}

const MINUTE = 60;
const HOUR = 3600;

/** A window in seconds as the list shows it: days, hours or minutes, whichever is whole. */
function durationLabel(t: TFunction, seconds: number) {
  if (seconds === 0) return t('openApi.apis.durationNone');
  if (seconds % 86_400 === 0) return t('openApi.apis.days', { count: seconds / 86_400 });
  if (seconds % HOUR === 0) return t('openApi.apis.hours', { count: seconds / HOUR });
  return t('openApi.apis.minutes', { count: Math.round(seconds / MINUTE) });
}

/** A form field in `unit` seconds checked by the contract's rule for the field in seconds. */
function secondsRule(field: 'fresh_seconds' | 'stale_seconds', unit: number): FormRule {
  return {
    validator: (_rule, value: number | null | undefined) => {
      const message = validateField(ZOpenApiFields, field, value === null || value === undefined ? -1 : value * unit);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

function OpenApiModal({ api, isOpen, onClose }: { api: TOpenApi | null; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation(['translation', 'validation']);
  const [form] = Form.useForm<ApiValues>();
  const save = useSaveOpenApi();
  const isNew = api === null;

  const onFinish = (values: ApiValues) => {
    const { fresh_minutes: freshMinutes, stale_hours: staleHours, ...fields } = values;
    const parsed = ZOpenApiFields.safeParse({
      ...fields,
      description: values.description ?? '',
      cost: values.cost ?? undefined,
      sort: values.sort ?? 0,
      fresh_seconds: (freshMinutes ?? 0) * MINUTE,
      stale_seconds: (staleHours ?? 0) * HOUR,
      cached_cost: values.cached_cost ?? null,
    });
    if (!parsed.success) {
      feedback.error(t('validation:form_error'));
      return;
    }
    save.mutate(api ? { ...parsed.data, id: api.id } : parsed.data, {
      onSuccess: (saved) => {
        feedback.success(
          t(isNew ? 'openApi.apis.created' : 'openApi.apis.saved', { name: `${saved.platform}/${saved.code}` }),
        );
        onClose();
      },
    });
  };

  return (
    <Modal
      open={isOpen}
      title={isNew ? t('openApi.apis.addTitle') : t('openApi.apis.editTitle', { name: `${api.platform}/${api.code}` })}
      okText={isNew ? t('openApi.create') : t('openApi.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
    >
      <Form
        form={form}
        name="open_api_form"
        layout="vertical"
        noValidate
        preserve={false}
        initialValues={
          api
            ? {
                ...api,
                fresh_minutes: Math.round(api.fresh_seconds / MINUTE),
                stale_hours: Math.round(api.stale_seconds / HOUR),
              }
            : {
                platform: 'taobao',
                code: '',
                name: '',
                description: '',
                cost: 1,
                fresh_minutes: CACHE_FRESH_DEFAULT_SECONDS / MINUTE,
                stale_hours: CACHE_STALE_DEFAULT_SECONDS / HOUR,
                cached_cost: null,
                is_enabled: true,
                sort: 0,
              }
        }
        onFinish={onFinish}
        onFinishFailed={() => feedback.error(t('validation:form_error'))}
        disabled={save.isPending}
      >
        <Row gutter={16}>
          <Col xs={24} sm={10}>
            <Form.Item
              name="platform"
              label={t('openApi.apis.platform')}
              rules={[fieldRule(ZOpenApiFields, 'platform')]}
            >
              <Select options={LOG_PLATFORMS.map((value) => ({ value, label: platformLabel(t, value) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14}>
            <Form.Item
              name="code"
              label={t('openApi.apis.code')}
              rules={[fieldRule(ZOpenApiFields, 'code')]}
              extra={t('openApi.apis.codeHint')}
            >
              <Input maxLength={40} placeholder="item_get" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="name" label={t('openApi.apis.name')} rules={[fieldRule(ZOpenApiFields, 'name')]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('openApi.apis.description')}
          rules={[fieldRule(ZOpenApiFields, 'description')]}
        >
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="cost"
              label={t('openApi.apis.cost')}
              rules={[fieldRule(ZOpenApiFields, 'cost')]}
              extra={t('openApi.apis.costHint')}
            >
              <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item
              name="cached_cost"
              label={t('openApi.apis.cachedCost')}
              rules={[fieldRule(ZOpenApiFields, 'cached_cost')]}
              extra={t('openApi.apis.cachedCostHint')}
            >
              <InputNumber
                min={0}
                max={10000}
                precision={0}
                style={{ width: '100%' }}
                placeholder={t('openApi.apis.cachedCostSame')}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="fresh_minutes"
              label={t('openApi.apis.freshMinutes')}
              rules={[secondsRule('fresh_seconds', MINUTE)]}
              extra={t('openApi.apis.freshHint')}
            >
              <InputNumber min={0} max={43200} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="stale_hours"
              label={t('openApi.apis.staleHours')}
              rules={[secondsRule('stale_seconds', HOUR)]}
              extra={t('openApi.apis.staleHint')}
            >
              <InputNumber min={0} max={2160} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="sort" label={t('openApi.apis.sort')} rules={[fieldRule(ZOpenApiFields, 'sort')]}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="is_enabled" label={t('openApi.apis.status')} valuePropName="checked">
              <Switch checkedChildren={t('openApi.on')} unCheckedChildren={t('openApi.off')} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
