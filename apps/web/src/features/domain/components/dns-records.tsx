import type { TDnsRecord } from '@parlour/contract/calls/domain';
import { Grid, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

function Copyable({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Text
      code
      copyable={{ text: value, tooltips: [t('domain.records.copy', { label }), t('domain.records.copied')] }}
      className="dns-record__value"
    >
      {value}
    </Typography.Text>
  );
}

/**
 * The DNS records a merchant creates at their DNS provider, each name and value with a copy
 * button: a table on a wide screen, one block per record on a phone.
 */
export function DnsRecords({ records }: { records: TDnsRecord[] }) {
  const { t } = useTranslation();
  const isPhone = Grid.useBreakpoint().md === false;
  const typeTag = (type: TDnsRecord['type']) => <Tag color={type === 'TXT' ? 'purple' : 'orange'}>{type}</Tag>;
  const purpose = (record: TDnsRecord) =>
    t(record.type === 'TXT' ? 'domain.records.purposeTxt' : 'domain.records.purposeRoute');

  if (isPhone) {
    return (
      <ul className="dns-records dns-records--cards" aria-label={t('domain.records.label')}>
        {records.map((record) => (
          <li key={`${record.type} ${record.name} ${record.value}`} className="dns-record">
            <div className="dns-record__head">
              {typeTag(record.type)}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {purpose(record)}
              </Typography.Text>
            </div>
            <dl>
              <dt>{t('domain.records.name')}</dt>
              <dd>
                <Copyable value={record.name} label={t('domain.records.name')} />
              </dd>
              <dt>{t('domain.records.value')}</dt>
              <dd>
                <Copyable value={record.value} label={t('domain.records.value')} />
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Table<TDnsRecord>
      className="dns-records"
      aria-label={t('domain.records.label')}
      size="middle"
      bordered
      pagination={false}
      rowKey={(record) => `${record.type} ${record.name} ${record.value}`}
      dataSource={records}
      columns={[
        { title: t('domain.records.type'), key: 'type', width: 90, render: (_, record) => typeTag(record.type) },
        {
          title: t('domain.records.name'),
          key: 'name',
          render: (_, record) => <Copyable value={record.name} label={t('domain.records.name')} />,
        },
        {
          title: t('domain.records.value'),
          key: 'value',
          render: (_, record) => <Copyable value={record.value} label={t('domain.records.value')} />,
        },
        {
          title: t('domain.records.purpose'),
          key: 'purpose',
          width: 200,
          render: (_, record) => (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {purpose(record)}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
