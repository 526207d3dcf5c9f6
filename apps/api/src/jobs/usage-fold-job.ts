import type { UsageFold } from '../modules/traffic/traffic-report/usage-fold';
import type { JobDefinition } from './boss';

/**
 * Every five minutes: folds the traffic roll-up of closed days into the compact roll-ups the
 * reports read (modules/traffic/traffic-report/usage-fold.ts), and the last few closed days again. Sent with
 * `{ from: 'YYYY-MM-DD' }`, it also folds again from that day (after a repair of old roll-up rows).
 */
export function usageFoldJob(deps: { fold: UsageFold }): JobDefinition {
  return {
    queue: 'usage-fold',
    cron: '*/5 * * * *',
    async run(data) {
      const from = (data as { from?: unknown } | undefined)?.from;
      return deps.fold.foldUsage({
        from: typeof from === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : undefined,
      });
    },
  };
}
