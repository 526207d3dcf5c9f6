import { shiftDay, zoneDay } from '@parlour/contract/business-time';
import { MAX_TREND_DAYS } from '@parlour/contract/calls/report';
import { AppError } from './app-error';
import { dayRange, daysBetween } from './business-days';

/**
 * The whole business days (calendar days of the business time zone `zone`) of a trend: the range
 * asked for, or the last 30 days up to today; `start` and `end` are the instants they begin and end.
 */
export function trendDays(range: { start_date?: string; end_date?: string }, now: Date, zone: string) {
  const endDate = range.end_date ?? zoneDay(now, zone);
  const startDate = range.start_date ?? shiftDay(endDate, -29);
  const days = daysBetween(startDate, shiftDay(endDate, 1));
  if (days < 1 || days > MAX_TREND_DAYS)
    throw new AppError('VALIDATION_FAILED', {
      messages: { 'zh-CN': '时间范围最多 366 天', 'en-US': 'The date range may cover at most 366 days' },
    });
  const { start, end } = dayRange({ start_date: startDate, end_date: endDate }, zone);
  return { start: start!, end: end!, days, startDay: startDate, zone };
}

/** One point per day, zeros where no rows were found. */
export function fillDays(
  range: { startDay: string; days: number },
  rows: Array<{ date: string; count: number; amount?: number }>,
) {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return Array.from({ length: range.days }, (_, index) => {
    const date = shiftDay(range.startDay, index);
    const row = byDate.get(date);
    return { date, count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
  });
}
