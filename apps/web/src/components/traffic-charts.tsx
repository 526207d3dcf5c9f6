import type { TApiStatsRow, TCallTotals, TUsageDay } from '@parlour/contract/calls/traffic-report';
import { Card, Empty, Skeleton, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dailyTrendOption, pieOption, type ChartOption } from './chart';
import { KeyboardScrollable } from './keyboard-scrollable';
import { apiLabel, percent, platformLabel } from './traffic-labels';

/** Calls and successful calls per day as lines, units charged as bars on the right axis. */
export function usageTrendOption(t: TFunction, trend: TUsageDay[]): ChartOption {
  return dailyTrendOption({
    dates: trend.map((point) => point.date),
    series: [
      { name: t('trafficReport.chart.calls'), kind: 'line', values: trend.map((point) => point.calls) },
      { name: t('trafficReport.chart.success'), kind: 'line', values: trend.map((point) => point.success) },
      { name: t('trafficReport.chart.units'), kind: 'bar', values: trend.map((point) => point.units), yAxisIndex: 1 },
    ],
  });
}

/** Calls per platform as a ring. */
export function platformPieOption(t: TFunction, rows: Array<{ platform: string; calls: number }>): ChartOption {
  return pieOption({
    name: t('trafficReport.chart.byPlatform'),
    items: rows.map((row) => ({ name: platformLabel(t, row.platform), value: row.calls })),
  });
}

export interface Figure {
  key: string;
  title: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
}

/** A row of headline figures (as many per line as fit at 160 px or more, sharing the width); skeletons while the report loads. */
export function TrafficFigures({ figures, isLoading }: { figures: Figure[]; isLoading: boolean }) {
  return (
    <div
      className="traffic-figures"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: 16 }}
    >
      {figures.map((figure) => (
        <Card key={figure.key} size="small" className="traffic-figure" styles={{ body: { minHeight: 96 } }}>
          {isLoading ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : (
            <>
              <Statistic
                title={figure.title}
                value={typeof figure.value === 'number' ? figure.value : undefined}
                formatter={typeof figure.value === 'number' ? undefined : () => figure.value}
              />
              {figure.hint ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {figure.hint}
                </Typography.Text>
              ) : null}
            </>
          )}
        </Card>
      ))}
    </div>
  );
}

/** Columns of outcome counts shared by the per-API, per-platform, per-store tables. */
export function outcomeColumns<T extends TCallTotals>(t: TFunction): TableColumnsType<T> {
  const count = (value: number) => value.toLocaleString();
  return [
    { title: t('trafficReport.column.calls'), dataIndex: 'calls', align: 'right', render: count },
    { title: t('trafficReport.column.success'), dataIndex: 'success', align: 'right', render: count },
    { title: t('trafficReport.column.failed'), dataIndex: 'failed_upstream', align: 'right', render: count },
    { title: t('trafficReport.column.quota'), dataIndex: 'quota_exhausted', align: 'right', render: count },
    { title: t('trafficReport.column.rejected'), dataIndex: 'rejected', align: 'right', render: count },
    { title: t('trafficReport.column.unitsUsed'), dataIndex: 'units', align: 'right', render: count },
    {
      title: t('trafficReport.column.successRate'),
      dataIndex: 'success_rate',
      align: 'right',
      render: (rate: number, row) => (row.calls ? percent(rate) : '—'),
    },
    {
      title: t('trafficReport.column.avgMs'),
      dataIndex: 'avg_response_ms',
      align: 'right',
      render: (value: number, row) => (row.calls ? value.toLocaleString() : '—'),
    },
  ];
}

/** Statistics per API and platform, with the filter's totals as the last row. */
export function ApiStatsTable({
  rows,
  totals,
  isLoading,
}: {
  rows: TApiStatsRow[] | undefined;
  totals: TCallTotals | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const columns: TableColumnsType<TApiStatsRow> = [
    {
      title: t('trafficReport.column.platform'),
      dataIndex: 'platform',
      render: (platform: string) => platformLabel(t, platform),
    },
    {
      title: t('trafficReport.column.api'),
      key: 'api',
      render: (_: unknown, row) => apiLabel(t, row.api_code, row.api_name),
    },
    ...outcomeColumns<TApiStatsRow>(t),
  ];
  const list = rows ?? [];
  return (
    <KeyboardScrollable label={t('trafficReport.stats.perApi')}>
      <Table<TApiStatsRow>
        rowKey={(row) => `${row.platform}/${row.api_code}`}
        size="middle"
        columns={columns}
        dataSource={list}
        loading={isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trafficReport.stats.empty')} />,
        }}
        summary={() =>
          totals && list.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <strong>{t('trafficReport.stats.total')}</strong>
              </Table.Summary.Cell>
              {(['calls', 'success', 'failed_upstream', 'quota_exhausted', 'rejected', 'units'] as const).map(
                (key, index) => (
                  <Table.Summary.Cell key={key} index={index + 2} align="right">
                    <strong>{totals[key].toLocaleString()}</strong>
                  </Table.Summary.Cell>
                ),
              )}
              <Table.Summary.Cell index={8} align="right">
                <strong>{totals.calls ? percent(totals.success_rate) : '—'}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={9} align="right">
                <strong>{totals.calls ? totals.avg_response_ms.toLocaleString() : '—'}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </KeyboardScrollable>
  );
}
