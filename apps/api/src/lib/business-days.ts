import { shiftDay, DEFAULT_BUSINESS_TIME_ZONE, zoneDay, zoneDayStart } from '@parlour/contract/business-time';
import { sql } from 'drizzle-orm';

/** The business time zone's row in platform_settings (a JSON string; absent while it is the default). */
export const BUSINESS_TIME_ZONE_KEY = 'business_time_zone';

/**
 * The business time zone inside a statement: one primary-key read per statement (an InitPlan), so
 * the Open API's settle keys its roll-up rows by the zone's days without a lookup of its own.
 * Migration 0019's open_api_charge reads it the same way.
 */
export const BUSINESS_TIME_ZONE_SQL = sql.raw(
  `coalesce((select value #>> '{}' from platform_settings where key = '${BUSINESS_TIME_ZONE_KEY}'), '${DEFAULT_BUSINESS_TIME_ZONE}')`,
);

/** Whole business days between two days `YYYY-MM-DD` (`end` excluded). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

/**
 * Start (inclusive) and end (exclusive) instants of the whole business days `start_date`..`end_date`
 * (`YYYY-MM-DD`, both included) in `zone`; an absent end leaves that side open.
 */
export function dayRange(range: { start_date?: string; end_date?: string }, zone: string) {
  const start = range.start_date ? zoneDayStart(range.start_date, zone) : undefined;
  const end = range.end_date ? zoneDayStart(shiftDay(range.end_date, 1), zone) : undefined;
  return { start, end };
}

/** Today in `zone` at `now`. */
export const businessToday = (now: Date, zone: string) => zoneDay(now, zone);
