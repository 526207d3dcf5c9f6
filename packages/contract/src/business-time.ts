/**
 * The platform's business time zone (a platform setting): the days of the traffic reports, their
 * time filters and the operator dashboard's daily figures are its calendar days, not UTC days.
 * Shared by the API and the consoles, so both count the same days.
 */

/** The business time zone until an operator chooses another (the platform serves mainland China first). */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

let knownZones: Set<string> | undefined;
/**
 * IANA zone names the runtime knows (Intl's list), and UTC, which the list leaves out. Both the
 * settings form and the API check against it, so a saved zone always formats in the browser too.
 */
export function isKnownTimeZone(name: string): boolean {
  knownZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (knownZones.has(name)) return true;
  // A name the list gives under another spelling (Asia/Kolkata where it lists Asia/Calcutta, or the
  // reverse: browsers and Node differ): known when Intl formats times in it. Area/Location names only.
  if (!/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
/** The known zone names, sorted, for the settings form's choices. */
export function listTimeZones(): string[] {
  isKnownTimeZone('UTC');
  return [...knownZones!].sort();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string) {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, found);
  }
  return found;
}
function wallClock(instant: Date, zone: string) {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const DAY_MS = 86_400_000;
const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The calendar day (`YYYY-MM-DD`) of `instant` in `zone`. */
export function zoneDay(instant: Date, zone: string): string {
  const clock = wallClock(instant, zone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** The wall-clock time of `instant` in `zone` to the minute: `YYYY-MM-DD HH:mm`. */
export function zoneDateTime(instant: Date, zone: string): string {
  const clock = wallClock(instant, zone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** The wall-clock time of `instant` in `zone` to the second, as a day and a time of day: `{ day: 'YYYY-MM-DD', time: 'HH:mm:ss' }`. */
export function zoneDayAndTime(instant: Date, zone: string): { day: string; time: string } {
  const clock = wallClock(instant, zone);
  return {
    day: `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`,
    time: `${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`,
  };
}

/** `day` (YYYY-MM-DD) moved by `days` calendar days; `addDays` (lib/terms) moves an instant. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in ms. */
export function zoneOffsetMs(instant: Date, zone: string): number {
  const clock = wallClock(instant, zone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The first instant of `day` in `zone` (its midnight, or the first instant after a daylight-saving gap at midnight). */
export function zoneDayStart(day: string, zone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const first = midnightUtc - zoneOffsetMs(new Date(midnightUtc), zone);
  // The offset at the guess may differ from the one at the day's start (a change between them).
  const second = midnightUtc - zoneOffsetMs(new Date(first), zone);
  const candidates = [first, second].filter((time) => zoneDay(new Date(time), zone) === day);
  return new Date(candidates.length ? Math.min(...candidates) : Math.max(first, second));
}

/** The UTC offset of `zone` at `instant` as people write it: `UTC+08:00`. */
export function formatZoneOffset(instant: Date, zone: string): string {
  const minutes = Math.round(zoneOffsetMs(instant, zone) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  return `UTC${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}
