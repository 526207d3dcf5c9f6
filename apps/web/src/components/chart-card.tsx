import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';
import { Chart, type ChartOption } from './chart';

interface ChartCardProps {
  title: ReactNode;
  /** Beside the title: a date-range picker, for instance. */
  extra?: ReactNode;
  option: ChartOption;
  isLoading?: boolean;
  /** Nothing to draw: an empty state instead of a blank canvas. */
  isEmpty?: boolean;
  emptyText?: ReactNode;
  height?: number;
}

/** A titled card holding one chart, with its loading and empty states. */
export function ChartCard({
  title,
  extra,
  option,
  isLoading = false,
  isEmpty = false,
  emptyText,
  height = 280,
}: ChartCardProps) {
  return (
    <Card
      title={title}
      extra={extra}
      loading={isLoading && isEmpty}
      className="chart-card"
      styles={{ body: { paddingTop: 12 } }}
    >
      {isEmpty ? (
        <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        </div>
      ) : (
        <Chart option={option} height={height} ariaLabel={typeof title === 'string' ? title : undefined} />
      )}
    </Card>
  );
}
