import { MAX_TREND_DAYS, type TDateRangeInput } from '@parlour/contract/calls/report';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { businessToday, useBusinessTimeZone } from '../lib/business-time';
import { dayjs } from '../lib/dayjs';

const DAY_FORMAT = 'YYYY-MM-DD';

/** A range ending today in the business time zone `zone` and covering `days` days, both ends included. */
export function lastDays(days: number, zone: string): Required<TDateRangeInput> {
  const today = businessToday(zone);
  return { start_date: today.subtract(days - 1, 'day').format(DAY_FORMAT), end_date: today.format(DAY_FORMAT) };
}

/**
 * A range of whole days with the time filters of spec §9 as presets (today, last 7 days, last
 * 30 days; any other range is the custom one). Its value is the calls' `{ start_date, end_date }`,
 * so it also serves as a form control. Days are calendar days of the business time zone, as the
 * API counts them.
 */
interface DateRangeFilterProps {
  /** Absent or empty: no range picked (only with `allowClear`). */
  value?: TDateRangeInput;
  onChange?: (value: TDateRangeInput) => void;
  allowClear?: boolean;
}

export function DateRangeFilter({ value = {}, onChange, allowClear = false }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const zone = useBusinessTimeZone();
  const picked: [Dayjs, Dayjs] | null =
    value.start_date && value.end_date ? [dayjs(value.start_date), dayjs(value.end_date)] : null;
  const preset = (days: number): [Dayjs, Dayjs] => {
    const range = lastDays(days, zone);
    return [dayjs(range.start_date), dayjs(range.end_date)];
  };
  return (
    <DatePicker.RangePicker
      value={picked}
      allowClear={allowClear}
      // No future days, and no range longer than the trend calls accept.
      disabledDate={(day, { from }) =>
        day.isAfter(businessToday(zone), 'day') ||
        (from !== undefined && Math.abs(day.diff(from, 'day')) >= MAX_TREND_DAYS)
      }
      aria-label={t('chart.dateRange')}
      presets={[
        { label: t('chart.today'), value: preset(1) },
        { label: t('chart.last7Days'), value: preset(7) },
        { label: t('chart.last30Days'), value: preset(30) },
      ]}
      onChange={(range) => {
        const [start, end] = range ?? [];
        onChange?.(start && end ? { start_date: start.format(DAY_FORMAT), end_date: end.format(DAY_FORMAT) } : {});
      }}
      style={{ maxWidth: '100%' }}
    />
  );
}
