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
