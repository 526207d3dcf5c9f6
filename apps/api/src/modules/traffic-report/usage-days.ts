/** UTC days of the traffic roll-ups, as 'YYYY-MM-DD' text (which sorts as the days do). */

const DAY_MS = 86_400_000;
/** A day is closed an hour after it ends: by then the sweep has settled the calls still pending at midnight. */
const CLOSED_GRACE_MS = 60 * 60 * 1000;

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The last UTC day that ended more than the grace period before `now`. */
export function lastClosedDay(now: Date): string {
  return utcDay(new Date(now.getTime() - DAY_MS - CLOSED_GRACE_MS));
}
