import type { DomainService } from '../modules/stores/domain/domain.service';
import type { JobDefinition } from './boss';

/**
 * Every minute: re-checks the binding custom domains that are due (every 5 minutes in their first
 * hour, then hourly for 72 hours; `nextRecheckAt`), binds those whose records appeared and tells
 * their merchants.
 */
export function domainRecheckJob(deps: { domainService: DomainService }): JobDefinition {
  return {
    queue: 'domain-recheck',
    cron: '* * * * *',
    async run() {
      return { bound: await deps.domainService.recheckDue() };
    },
  };
}
