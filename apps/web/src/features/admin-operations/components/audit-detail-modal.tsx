import { Descriptions, Modal, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeyboardScrollable } from '@/components/keyboard-scrollable';
import { dayjs } from '@/lib/dayjs';
import { useAuditDetail } from '../api/audit-detail';

interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  isChanged: boolean;
}

function show(value: unknown) {
  if (value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return <span style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{text}</span>;
}

/** One audit row: who, when, from where, and the target's fields before and after, the changed ones marked first. */
export function AuditDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useAuditDetail(id);
  const entry = detail.data;
  const changed = new Set(entry?.changed_fields ?? []);
  const fields = [...new Set([...Object.keys(entry?.before ?? {}), ...Object.keys(entry?.after ?? {})])];
  const rows: DiffRow[] = fields
    .map((field) => ({
      field,
      before: entry?.before?.[field],
      after: entry?.after?.[field],
      isChanged: changed.has(field),
    }))
    .sort((a, b) => Number(b.isChanged) - Number(a.isChanged));
  return (
    <Modal
      open={id !== null}
      onCancel={onClose}
      footer={null}
      width={820}
      title={t('operations.audit.detailTitle')}
      destroyOnHidden
    >
      {!entry ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('operations.audit.field.time')}>
              {dayjs(entry.created_at).format('YYYY-MM-DD HH:mm:ss')}
            </Descriptions.Item>
            <Descriptions.Item label={t('operations.audit.field.operator')}>{entry.admin_account}</Descriptions.Item>
            <Descriptions.Item label={t('operations.audit.field.action')}>
              {t(`operations.actions.${entry.action}`, { defaultValue: entry.action })}
            </Descriptions.Item>
            <Descriptions.Item label={t('operations.audit.field.target')}>
              {t(`operations.targets.${entry.target_type}`, { defaultValue: entry.target_type })}
              {entry.target_id ? ` · ${entry.target_id}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('operations.audit.field.ip')}>{entry.ip}</Descriptions.Item>
            <Descriptions.Item label={t('operations.audit.field.request')}>{entry.request_id}</Descriptions.Item>
            <Descriptions.Item label={t('operations.audit.field.call')} span={2}>
              <Typography.Text code>{entry.call_path}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <KeyboardScrollable label={t('operations.audit.diff.label')}>
            <Table<DiffRow>
              size="small"
              rowKey="field"
              pagination={false}
              scroll={{ x: 'max-content', y: 420 }}
              dataSource={rows}
              locale={{ emptyText: t('operations.audit.noFields') }}
              columns={[
                {
                  key: 'field',
                  title: t('operations.audit.diff.field'),
                  dataIndex: 'field',
                  width: 160,
                  render: (field: string, row) => (row.isChanged ? <Tag color="orange">{field}</Tag> : field),
                },
                {
                  key: 'before',
                  title: t('operations.audit.diff.before'),
                  dataIndex: 'before',
                  width: 280,
                  render: (_value, row) => (
                    <div className={row.isChanged ? 'audit-diff audit-diff--before' : undefined}>
                      {show(row.before)}
                    </div>
                  ),
                },
                {
                  key: 'after',
                  title: t('operations.audit.diff.after'),
                  dataIndex: 'after',
                  width: 280,
                  render: (_value, row) => (
                    <div className={row.isChanged ? 'audit-diff audit-diff--after' : undefined}>{show(row.after)}</div>
                  ),
                },
              ]}
            />
          </KeyboardScrollable>
        </>
      )}
    </Modal>
  );
}
