import { ClearOutlined } from '@ant-design/icons';
import { MARKETPLACE_ITEM_ID, type TProductCacheStat } from '@parlour/contract/calls/open-core';
import { LOG_PLATFORMS } from '@parlour/contract/constants';
import { parseMarketplaceInput, type MarketplacePlatform } from '@parlour/contract/marketplace-link';
import { Button, Card, Empty, Flex, Form, Input, Popconfirm, Select, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { apiLabel, percent, platformLabel } from '@/components/traffic-labels';
import { feedback } from '@/lib/feedback';
import { useProductCacheStats, usePurgeProductCache, type CacheStatsRange } from '../api/product-cache';

const RANGES: CacheStatsRange[] = ['today', 'last_7_days', 'last_30_days'];
type CacheRow = TProductCacheStat & { key: string };

/**
 * The product-data cache (issue 24 §4): how often a cached copy answered (fresh hits, stale serves when
 * the vendor failed) against vendor calls, per platform and API, with the answers kept now; and purging
 * one item, by its link or its number, so that its next lookup asks the vendor.
 */
export function ProductCacheSection() {
  const { t } = useTranslation();
  const [range, setRange] = useState<CacheStatsRange>('last_7_days');
  const stats = useProductCacheStats(range);
  const total = stats.data?.total;

  const columns: Array<DataColumn<CacheRow>> = [
    {
      key: 'api',
      title: t('productCache.column.api'),
      isRequired: true,
      cardRole: 'title',
      render: (_: unknown, row) => `${platformLabel(t, row.platform)} · ${apiLabel(t, row.api_code, row.api_code)}`,
    },
    { key: 'hits', title: t('productCache.column.hits'), dataIndex: 'hits', align: 'right' },
    { key: 'stale', title: t('productCache.column.stale'), dataIndex: 'stale', align: 'right' },
    { key: 'misses', title: t('productCache.column.misses'), dataIndex: 'misses', align: 'right' },
    {
      key: 'hit_rate',
      title: t('productCache.column.hitRate'),
      dataIndex: 'hit_rate',
      align: 'right',
      render: (rate: number) => percent(rate),
    },
    { key: 'entries', title: t('productCache.column.entries'), dataIndex: 'entries', align: 'right' },
  ];

  return (
    <Card title={t('productCache.title')} size="small" id="product-cache">
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('productCache.intro')}
        </Typography.Paragraph>
        <Select<CacheStatsRange>
          style={{ width: 180 }}
          aria-label={t('productCache.rangeLabel')}
          value={range}
          onChange={setRange}
          options={RANGES.map((value) => ({ value, label: t(`productCache.range.${value}`) }))}
        />
        <Flex gap={32} wrap>
          <Statistic title={t('productCache.column.hitRate')} value={total ? percent(total.hit_rate) : '—'} />
          <Statistic title={t('productCache.column.hits')} value={total?.hits ?? '—'} />
          <Statistic title={t('productCache.column.stale')} value={total?.stale ?? '—'} />
          <Statistic title={t('productCache.column.misses')} value={total?.misses ?? '—'} />
          <Statistic title={t('productCache.column.entries')} value={total?.entries ?? '—'} />
        </Flex>
        <DataTable<CacheRow>
          listId="admin.traffic.cache"
          rowKey="key"
          columns={columns}
          rows={(stats.data?.list ?? []).map((row) => ({ ...row, key: `${row.platform}/${row.api_code}` }))}
          isLoading={stats.isFetching}
          size="small"
          emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('productCache.empty')} />}
        />
        <PurgeForm />
      </Flex>
    </Card>
  );
}

interface PurgeValues {
  platform?: MarketplacePlatform;
  item?: string;
}

/** Purges one item: a pasted link names its platform and number; a bare number takes the platform chosen. */
function PurgeForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PurgeValues>();
  const purge = usePurgeProductCache();

  /** The item the form names, or undefined when it names none. */
  const itemOf = (values: PurgeValues): { platform: MarketplacePlatform; item_id: string } | undefined => {
    const text = values.item?.trim() ?? '';
    if (MARKETPLACE_ITEM_ID.test(text))
      return values.platform ? { platform: values.platform, item_id: text } : undefined;
    const parsed = parseMarketplaceInput(text);
    return parsed.kind === 'item' ? { platform: parsed.platform, item_id: parsed.itemId } : undefined;
  };

  const onFinish = (values: PurgeValues) => {
    const item = itemOf(values);
    if (!item) return;
    purge.mutate(item, {
      onSuccess: ({ deleted }) => {
        feedback.success(
          t('productCache.purged', { count: deleted, item: `${platformLabel(t, item.platform)} ${item.item_id}` }),
        );
        form.resetFields(['item']);
      },
    });
  };

  return (
    <Form<PurgeValues>
      form={form}
      name="product_cache_purge"
      layout="inline"
      initialValues={{ platform: 'taobao' }}
      onFinish={onFinish}
      disabled={purge.isPending}
      style={{ rowGap: 8 }}
    >
      <Form.Item name="platform" label={t('productCache.purgePlatform')}>
        <Select
          style={{ width: 120 }}
          options={LOG_PLATFORMS.map((value) => ({ value, label: platformLabel(t, value) }))}
        />
      </Form.Item>
      <Form.Item
        name="item"
        label={t('productCache.purgeItem')}
        rules={[
          {
            validator: (_rule, value: string | undefined) =>
              itemOf({ platform: form.getFieldValue('platform'), item: value })
                ? Promise.resolve()
                : Promise.reject(new Error(t('productCache.purgeItemInvalid'))),
          },
        ]}
      >
        <Input
          style={{ width: 320, maxWidth: 'calc(100vw - 96px)' }}
          placeholder={t('productCache.purgePlaceholder')}
          allowClear
        />
      </Form.Item>
      <Form.Item>
        <Popconfirm
          title={t('productCache.purgeConfirm')}
          okText={t('productCache.purge')}
          cancelText={t('common.cancel')}
          onConfirm={() => form.submit()}
        >
          <Button icon={<ClearOutlined />} loading={purge.isPending}>
            {t('productCache.purge')}
          </Button>
        </Popconfirm>
      </Form.Item>
    </Form>
  );
}
