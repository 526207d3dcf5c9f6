import { PlusOutlined } from '@ant-design/icons';
import type { TAdminStoreVersion, TStoreVersion } from '@parlour/contract/calls/store';
import { Button, Empty, Flex, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListUrlState } from '@/components/use-list-url-state';
import { formatMoney } from '@/lib/money';
import { useVersions } from '../api/admin-list-versions';
import { VersionFormModal } from '../components/version-form-modal';
import { VersionPricesModal } from '../components/version-prices-modal';

type AdminVersion = TAdminStoreVersion;

const PAGE_SIZE = 20;
/** Features listed in a row before the rest fold into "+n". */
const FEATURES_SHOWN = 3;

/** Lowest and highest price of a version, or null when it has none. */
export function priceRange(version: Pick<TStoreVersion, 'prices' | 'currency'>): string | null {
  if (version.prices.length === 0) return null;
  const amounts = version.prices.map((price) => price.amount);
  const low = formatMoney(Math.min(...amounts), version.currency);
  const high = formatMoney(Math.max(...amounts), version.currency);
  return low === high ? low : `${low} – ${high}`;
}

/**
 * /admin/version: the store versions merchants choose from, with what each offers and costs. The
 * page lives in the URL; the list has no filter, and keeps the operator's display order.
 */
export default function VersionListPage() {
  const { t } = useTranslation();
  const list = useListUrlState<Record<never, never>>({ filterKeys: [], defaultPageSize: PAGE_SIZE });
  const versions = useVersions(list.query);
  /** The version whose features are being edited; null: a new one; undefined: the dialog is closed. */
  const [editing, setEditing] = useState<AdminVersion | null | undefined>(undefined);
  const [pricing, setPricing] = useState<AdminVersion | null>(null);

  const columns: Array<DataColumn<AdminVersion>> = [
    {
      title: t('adminVersion.field.name'),
      key: 'name',
      fixed: 'left',
      isRequired: true,
      cardRole: 'title',
      width: 240,
      render: (_, version) => (
        <Flex vertical style={{ maxWidth: 240 }}>
          <Space size={6}>
            <Typography.Text strong>{version.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('adminVersion.sortValue', { sort: version.sort })}
            </Typography.Text>
          </Space>
          {version.description ? (
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 2, tooltip: version.description }}
              style={{ margin: 0, fontSize: 12 }}
            >
              {version.description}
            </Typography.Paragraph>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('adminVersion.field.features'),
      key: 'features',
      dataIndex: 'features',
      width: 240,
      render: (features: string[]) =>
        features.length === 0 ? (
          '—'
        ) : (
          <Space size={[4, 4]} wrap style={{ maxWidth: 240 }}>
            {features.slice(0, FEATURES_SHOWN).map((feature) => (
              <Tag key={feature} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
                {feature}
              </Tag>
            ))}
            {features.length > FEATURES_SHOWN ? (
              <Typography.Text type="secondary" title={features.slice(FEATURES_SHOWN).join('\n')}>
                {t('adminVersion.moreFeatures', { count: features.length - FEATURES_SHOWN })}
              </Typography.Text>
            ) : null}
          </Space>
        ),
    },
    {
      title: t('adminVersion.field.trialDays'),
      key: 'trial_days',
      dataIndex: 'trial_days',
      render: (days: number) =>
        days > 0 ? (
          t('adminVersion.trialValue', { count: days })
        ) : (
          <Typography.Text type="secondary">{t('adminVersion.noTrial')}</Typography.Text>
        ),
    },
    {
      title: t('adminVersion.field.domainLimit'),
      key: 'domain_limit',
      dataIndex: 'domain_limit',
      align: 'right',
      render: (limit: number | null) =>
        limit === null ? <Typography.Text type="secondary">{t('adminVersion.platformRule')}</Typography.Text> : limit,
    },
    {
      title: t('adminVersion.field.status'),
      key: 'status',
      dataIndex: 'status',
      render: (status: AdminVersion['status']) => (
        <Tag color={status === 'enabled' ? 'success' : 'default'}>{t(`adminVersion.status.${status}`)}</Tag>
      ),
    },
    { title: t('adminVersion.field.storeCount'), key: 'store_count', dataIndex: 'store_count', align: 'right' },
    {
      title: t('adminVersion.field.priceRange'),
      key: 'prices',
      render: (_, version) =>
        priceRange(version) ?? <Typography.Text type="warning">{t('money.noPrice')}</Typography.Text>,
    },
    {
      title: t('adminVersion.field.actions'),
      key: 'actions',
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      render: (_, version) => (
        <Flex vertical align="flex-start">
          <Button type="link" size="small" onClick={() => setEditing(version)}>
            {t('adminVersion.action.editFeatures')}
          </Button>
          <Button type="link" size="small" onClick={() => setPricing(version)}>
            {t('adminVersion.action.editPrices')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('adminVersion.action.add')}
          </Button>
        }
      />
      <div className="page-body admin-page">
        <section className="page-card" aria-label={t('adminVersion.listLabel')}>
          <DataTable<AdminVersion>
            listId="admin.versions"
            rowKey="id"
            columns={columns}
            rows={versions.data?.list ?? []}
            isLoading={versions.isFetching}
            emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminVersion.empty')} />}
            pagination={list.pagination(versions.data?.total ?? 0, (total) =>
              t('adminVersion.total', { count: total }),
            )}
          />
        </section>
      </div>
      <VersionFormModal
        version={editing ?? null}
        isOpen={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
      <VersionPricesModal version={pricing} onClose={() => setPricing(null)} />
    </>
  );
}
