import { z } from 'zod';
import { ZCalendarDay } from '../schemas';

/** Pieces shared by the charts and exports of several areas. */

/** A range of whole days (UTC), both ends included; absent ends mean the last 30 days. At most 366 days. */
export const ZDateRangeFields = z.object({ start_date: ZCalendarDay.optional(), end_date: ZCalendarDay.optional() });
/** Adds the rule that the range does not end before it starts. */
export function withDateRangeCheck<T extends z.ZodType<{ start_date?: string; end_date?: string }>>(schema: T): T {
  return schema.refine((value) => !value.start_date || !value.end_date || value.start_date <= value.end_date, {
    error: 'date_range_invalid',
    path: ['start_date'],
  }) as unknown as T;
}
export const ZDateRangeInput = withDateRangeCheck(ZDateRangeFields);
export type TDateRangeInput = z.input<typeof ZDateRangeInput>;
/** The longest range a trend covers, in days. */
export const MAX_TREND_DAYS = 366;

/** One point per day of the range, days without records included (count 0). */
export const ZTrendOutput = z.object({
  list: z.array(z.object({ date: z.string(), count: z.number().int(), amount: z.number().int() })),
});
export type TTrendOutput = z.infer<typeof ZTrendOutput>;

/** A file built server-side; the console saves it under `filename`. */
export const ZExportFile = z.object({
  filename: z.string(),
  mime: z.string(),
  content_base64: z.string(),
  rows: z.number().int(),
});
export type TExportFile = z.infer<typeof ZExportFile>;
