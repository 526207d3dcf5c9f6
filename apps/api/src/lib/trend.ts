import { MAX_TREND_DAYS } from '@parlour/contract/calls/report';
import { AppError } from './app-error';
import { dayRange } from './sql-filters';

/** The whole UTC days of a trend: the range asked for, or the last 30 days up to today. */
export function trendDays(range: { start_date?: string; end_date?: string }, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const endDate = range.end_date ?? today;
  const startDate = range.start_date ?? new Date(new Date(`${endDate}T00:00:00Z`).getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
  const { start, end } = dayRange({ start_date: startDate, end_date: endDate });
  const days = Math.round((end!.getTime() - start!.getTime()) / 86_400_000);
  if (days < 1 || days > MAX_TREND_DAYS) throw new AppError('VALIDATION_FAILED', { messages: { 'zh-CN': '时间范围最多 366 天', 'en-US': 'The date range may cover at most 366 days' } });
  return { start: start!, end: end!, days };
}

/** One point per day, zeros where no rows were found. */
export function fillDays(range: { start: Date; days: number }, rows: Array<{ date: string; count: number; amount?: number }>) {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return Array.from({ length: range.days }, (_, index) => {
    const date = new Date(range.start.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    const row = byDate.get(date);
    return { date, count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
  });
}
