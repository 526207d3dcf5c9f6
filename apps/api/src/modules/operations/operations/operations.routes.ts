import * as calls from '@parlour/contract/calls/operations';
import type { CallRegistrar } from '../../../platform/register-call';
import type { AuditService } from '../../../platform/audit/audit.service';
import type { OperationsService } from './operations.service';

/** Thin handlers of the operations page: the audit log, the job queues, the providers' last errors. */
export function registerOperationsRoutes(
  registrar: CallRegistrar,
  deps: { auditService: AuditService; operationsService: OperationsService },
) {
  const { register } = registrar;
  const { auditService, operationsService } = deps;
  register(calls.adminListAuditLog, ({ input }) => auditService.list(input));
  register(calls.adminAuditDetail, ({ input }) => auditService.detail(input.id));
  register(calls.adminOperationsOverview, () => operationsService.overview());
  register(calls.adminListFailedJobs, ({ input }) => operationsService.listFailedJobs(input));
  register(calls.adminRetryJob, ({ input }) => operationsService.retryJob(input.queue, input.id), {
    audit: {
      action: 'job.retry',
      targetType: 'job',
      targetId: (input) => input.id,
      load: (id) => operationsService.getJob(String(id)),
    },
  });
}
