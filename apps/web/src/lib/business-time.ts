import { DEFAULT_BUSINESS_TIME_ZONE, formatZoneOffset, zoneDay } from '@parlour/contract/business-time';
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

/** Today in `zone`, as a day for the date pickers (which compare whole days only). */
export function businessToday(zone: string, now = new Date()): Dayjs {
  return dayjs(zoneDay(now, zone));
}

/** `Asia/Shanghai (UTC+08:00)`: the zone as the filters and the settings name it. */
export function describeTimeZone(zone: string, now = new Date()): string {
  return `${zone} (${formatZoneOffset(now, zone)})`;
}
