import { DEFAULT_BUSINESS_TIME_ZONE, formatZoneOffset, zoneDay, zoneDayAndTime } from '@parlour/contract/business-time';
import type { Dayjs } from 'dayjs';
import { dayjs } from './dayjs';
import { usePublicConfig } from './public-config';

/**
 * The platform's business time zone (public configuration; the default until it has loaded). The
 * reports and date filters count its calendar days, whatever zone the browser runs in.
 */
export function useBusinessTimeZone(): string {
  return usePublicConfig()?.business_time_zone || DEFAULT_BUSINESS_TIME_ZONE;
}

/**
 * A stored time as the business time zone's wall clock: `day` (`YYYY-MM-DD`) and `time` (`HH:mm:ss`).
 * The traffic pages show every time this way, so a call made "today" reads as today's date.
 */
export function timeInZone(value: string, zone: string): { day: string; time: string } {
  return zoneDayAndTime(new Date(value), zone);
}

/** A stored time in `zone`: `YYYY-MM-DD HH:mm:ss`, or `YYYY-MM-DD HH:mm` without seconds; '—' for none. */
export function formatInZone(value: string | null | undefined, zone: string, { hasSeconds = true } = {}): string {
  if (!value) return '—';
  const { day, time } = timeInZone(value, zone);
  return `${day} ${hasSeconds ? time : time.slice(0, 5)}`;
}

/** Today in `zone`, as a day for the date pickers (which compare whole days only). */
export function businessToday(zone: string, now = new Date()): Dayjs {
  return dayjs(zoneDay(now, zone));
}

/** `Asia/Shanghai (UTC+08:00)`: the zone as the filters and the settings name it. */
export function describeTimeZone(zone: string, now = new Date()): string {
  return `${zone} (${formatZoneOffset(now, zone)})`;
}
