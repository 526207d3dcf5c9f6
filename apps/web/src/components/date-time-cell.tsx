import { Typography } from 'antd';
import { dayjs } from '@/lib/dayjs';

/** A time in a list cell: the day, and the time of day below it, so the column stays narrow. */
export function DateTimeCell({ value }: { value: string | null | undefined }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  const time = dayjs(value);
  return (
    <span className="date-time-cell">
      <span>{time.format('YYYY-MM-DD')}</span>
      <Typography.Text type="secondary">{time.format('HH:mm')}</Typography.Text>
    </span>
  );
}
