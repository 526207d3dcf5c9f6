import * as calls from '@parlour/contract/calls/operations';
import type { CallRegistrar } from '../../../platform/register-call';
import type { AuditService } from '../../../platform/audit/audit.service';
import type { OperationsService } from './operations.service';

/** Thin handlers of the operations page: the audit log, the job queues, the providers' last errors. */
export function registerOperationsRoutes(
  registrar: CallRegistrar,
  deps: { audit: AuditService; operations: OperationsService },
) {
  const { register } = registrar;
  const { audit, operations } = deps;
  register(calls.adminListAuditLog, ({ input }) => audit.list(input));
  register(calls.adminAuditDetail, ({ input }) => audit.detail(input.id));
  register(calls.adminOperationsOverview, () => operations.overview());
  register(calls.adminListFailedJobs, ({ input }) => operations.listFailedJobs(input));
  register(calls.adminRetryJob, ({ input }) => operations.retryJob(input.queue, input.id), {
    audit: {
      action: 'job.retry',
      targetType: 'job',
      targetId: (input) => input.id,
      load: (id) => operations.getJob(String(id)),
    },
  });
}
