import { JOB_STATES, type TFailedJob, type TOperationsOverview } from '@parlour/contract/calls/operations';
import { Alert, Button, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { dayjs } from '@/lib/dayjs';
import { useFailedJobs } from '../api/list-failed-jobs';
import { useRetryJob } from '../api/retry-job';

type QueueRow = TOperationsOverview['queues'][number];

/** The background jobs: counts per queue and state, and the failed jobs with their errors and a retry. */
export function JobsSection({ overview }: { overview: TOperationsOverview | undefined }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const failed = useFailedJobs({ page: page.page, limit: page.pageSize });
  const retry = useRetryJob();
  const [retryingId, setRetryingId] = useState<string | null>(null);

  const queueColumns: Array<DataColumn<QueueRow>> = [
    {
      key: 'name',
      isRequired: true,
      cardRole: 'title',
      title: t('operations.jobs.queue'),
      dataIndex: 'name',
      width: 180,
    },
    ...JOB_STATES.map((state): DataColumn<QueueRow> => ({
      key: state,
      title: t(`operations.jobs.state.${state}`),
      width: 90,
      render: (_value, row) => row.counts[state],
    })),
  ];
  const failedColumns: Array<DataColumn<TFailedJob>> = [
    {
      key: 'queue',
      isRequired: true,
      cardRole: 'title',
      title: t('operations.jobs.queue'),
      dataIndex: 'queue',
      width: 160,
    },
    {
      key: 'failed_at',
      title: t('operations.jobs.failedAt'),
      dataIndex: 'failed_at',
      width: 170,
      render: (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '—'),
    },
    { key: 'retry_count', title: t('operations.jobs.retries'), dataIndex: 'retry_count', width: 80 },
    {
      key: 'error',
      title: t('operations.jobs.error'),
      dataIndex: 'error',
      width: 320,
      render: (error: string) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, expandable: 'collapsible' }}
          style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {error || '—'}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'actions',
      isRequired: true,
      cardRole: 'actions',
      title: t('operations.audit.field.actions'),
      width: 90,
      fixed: 'right',
      render: (_value, job) => (
        <Popconfirm
          title={t('operations.jobs.retryConfirm')}
          okText={t('operations.jobs.retry')}
          cancelText={t('operations.cancel')}
          onConfirm={async () => {
            setRetryingId(job.id);
            try {
              await retry.mutateAsync({ queue: job.queue, id: job.id });
            } finally {
              setRetryingId(null);
            }
          }}
        >
          <Button size="small" type="link" loading={retryingId === job.id}>
            {t('operations.jobs.retry')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <section className="page-card" aria-label={t('operations.jobs.title')}>
      <Typography.Title level={5}>{t('operations.jobs.title')}</Typography.Title>
      {overview && !overview.is_queue_running ? (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('operations.jobs.notRunning')} />
      ) : null}
      <DataTable<QueueRow>
        listId="admin.jobQueues"
        rowKey="name"
        columns={queueColumns}
        rows={overview?.queues ?? []}
        emptyText={t('operations.jobs.noQueues')}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('operations.jobs.failedTitle')}
      </Typography.Title>
      <DataTable<TFailedJob>
        listId="admin.failedJobs"
        rowKey="id"
        columns={failedColumns}
        rows={failed.data?.list ?? []}
        isLoading={failed.isFetching}
        emptyText={t('operations.jobs.noFailed')}
        pagination={{
          page: page.page,
          pageSize: page.pageSize,
          total: failed.data?.total ?? 0,
          onChange: (next, pageSize) => setPage({ page: next, pageSize }),
        }}
      />
    </section>
  );
}
