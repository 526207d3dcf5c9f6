import { shiftDay, zoneDay } from '@parlour/contract/business-time';

/**
 * Days of the traffic roll-ups: calendar days of the business time zone (a platform setting), as
 * 'YYYY-MM-DD' text (which sorts as the days do).
 */
export { shiftDay };

/** A day is closed an hour after it ends: by then the sweep has settled the calls still in flight at midnight. */
const CLOSED_GRACE_MS = 60 * 60 * 1000;

/** The last business day (in `zone`) that ended more than the grace period before `now`. */
export function lastClosedDay(now: Date, zone: string): string {
  return shiftDay(zoneDay(new Date(now.getTime() - CLOSED_GRACE_MS), zone), -1);
}
