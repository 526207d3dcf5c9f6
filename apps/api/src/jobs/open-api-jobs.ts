import type { OpenApiService } from '../modules/traffic/open-api/open-api.service';
import type { JobDefinition } from './boss';

/**
 * Every minute: Open API calls still pending past their timeout plus a margin (their process died
 * between charging and settling, or stalled) are settled as failed_upstream and their units refunded.
 */
export function openApiSweepJob(deps: { openApiService: OpenApiService }): JobDefinition {
  return {
    queue: 'open-api-sweep',
    cron: '* * * * *',
    async run() {
      return { settled: await deps.openApiService.sweepStale() };
    },
  };
}
