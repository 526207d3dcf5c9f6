import type { TProviderStatus } from '@parlour/contract/calls/operations';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { dayjs } from '@/lib/dayjs';

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** The last error of each external provider (mail, SMS, WeCom, product data, payments). */
export function ProvidersSection({ providers }: { providers: TProviderStatus[] }) {
  const { t } = useTranslation();
  const columns: Array<DataColumn<TProviderStatus>> = [
    {
      key: 'provider',
      isRequired: true,
      cardRole: 'title',
      title: t('operations.providers.provider'),
      dataIndex: 'provider',
      width: 140,
      render: (provider: TProviderStatus['provider']) => t(`operations.providers.name.${provider}`),
    },
    {
      key: 'state',
      title: t('operations.providers.state'),
      width: 110,
      render: (_value, row) => {
        const isFailing =
          row.last_error_at !== null && (row.last_success_at === null || row.last_success_at < row.last_error_at);
        if (row.last_error_at === null) return <Tag color="green">{t('operations.providers.noErrors')}</Tag>;
        return isFailing ? (
          <Tag color="red">{t('operations.providers.failing')}</Tag>
        ) : (
          <Tag color="gold">{t('operations.providers.recovered')}</Tag>
        );
      },
    },
    {
      key: 'last_error_at',
      title: t('operations.providers.lastErrorAt'),
      dataIndex: 'last_error_at',
      width: 170,
      render: (value: string | null) => (value ? dayjs(value).format(TIME) : '—'),
    },
    {
      key: 'last_error',
      title: t('operations.providers.lastError'),
      dataIndex: 'last_error',
      width: 340,
      render: (value: string | null) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, expandable: 'collapsible' }}
          style={{ margin: 0, overflowWrap: 'anywhere' }}
        >
          {value ?? '—'}
        </Typography.Paragraph>
      ),
    },
    { key: 'error_count', title: t('operations.providers.errorCount'), dataIndex: 'error_count', width: 90 },
    {
      key: 'last_success_at',
      title: t('operations.providers.lastSuccessAt'),
      dataIndex: 'last_success_at',
      width: 170,
      render: (value: string | null) => (value ? dayjs(value).format(TIME) : '—'),
    },
  ];
  return (
    <section className="page-card" aria-label={t('operations.providers.title')}>
      <Typography.Title level={5}>{t('operations.providers.title')}</Typography.Title>
      <DataTable<TProviderStatus>
        listId="admin.providers"
        rowKey="provider"
        columns={columns}
        rows={providers}
        emptyText="—"
      />
    </section>
  );
}
