import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * Seconds left of a countdown (the verification-code resend button). Counts against the clock,
 * so a throttled background tab still shows the right figure.
 */
export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return undefined;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) setEndsAt(null);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    if (!(seconds > 0)) return;
    const time = Date.now();
    setNow(time);
    setEndsAt(time + seconds * 1000);
  }, []);

  return { seconds: endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}

const SECOND_MS = 1_000;

/**
 * Milliseconds left until `to` (an ISO time), never below 0, refreshed every second; null when
 * there is no target. Like useCountdown it reads the clock on each tick, so it stays right in a
 * throttled tab.
 */
export function useTimeLeft(to: string | null | undefined): number | null {
  const target = to ? Date.parse(to) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (Number.isNaN(target)) return undefined;
    setNow(Date.now());
    if (Date.now() >= target) return undefined;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= target) clearInterval(timer);
    }, SECOND_MS);
    return () => clearInterval(timer);
  }, [target]);

  if (Number.isNaN(target)) return null;
  return Math.max(0, target - now);
}

/** Whole days, hours, minutes and seconds of a duration in milliseconds. */
export function splitDuration(milliseconds: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.floor(Math.max(0, milliseconds) / SECOND_MS);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}
