import type {
  AuditAction,
  AuditTargetType,
  TAuditEntry,
  TAuditEntryDetail,
  ZAuditListInput,
} from '@parlour/contract/calls/operations';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { currentUnitOfWork } from '../../lib/unit-of-work';
import { changedFields, maskSecrets } from './audit-mask';
import type { AuditRepository, AuditRow } from './audit.repository';

/** Who acts, set by register-call for every operator writing call (the unit of work carries it). */
export interface AuditActor {
  adminId: number;
  ip: string;
  requestId: string;
  callPath: string;
}

/** One change to one target. `before` is null for a creation, `after` null for a deletion. */
export interface AuditChange {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | number | null | undefined;
  before?: unknown;
  after?: unknown;
}

/** Plain JSON (dates as ISO text) of a row or view, or null. */
function toPlainObject(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  const plain = JSON.parse(JSON.stringify(value)) as unknown;
  return typeof plain === 'object' && plain !== null && !Array.isArray(plain)
    ? (plain as Record<string, unknown>)
    : { value: plain };
}

/**
 * The audit log (docs/audit-log.md, docs/SECURITY.md). `record` writes a row in the transaction of
 * the operator call being served (lib/unit-of-work), so it commits and rolls back with the change
 * it describes; outside an operator writing call it refuses (a change with nobody to blame is a
 * bug, not a log line).
 */
export function createAuditService(deps: { repository: AuditRepository; clock: Clock }) {
  const { repository, clock } = deps;

  function toEntry(row: Omit<AuditRow, 'before' | 'after'>): TAuditEntry {
    return {
      id: row.id,
      admin_id: row.admin_id,
      admin_account: row.admin_account,
      created_at: row.created_at.toISOString(),
      ip: row.ip,
      request_id: row.request_id,
      call_path: row.call_path,
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      changed_fields: row.changed_fields,
    };
  }

  return {
    async record(change: AuditChange): Promise<void> {
      const unit = currentUnitOfWork();
      const actor = unit?.actor as AuditActor | undefined;
      if (!unit || !actor) throw new Error(`audit ${change.action}: recorded outside an operator writing call`);
      const before = toPlainObject(change.before);
      const after = toPlainObject(change.after);
      await repository.insert({
        admin_id: actor.adminId,
        created_at: clock.now(),
        ip: actor.ip,
        request_id: actor.requestId,
        call_path: actor.callPath,
        action: change.action,
        target_type: change.targetType,
        target_id: change.targetId === null || change.targetId === undefined ? '' : String(change.targetId),
        before: maskSecrets(before) as Record<string, unknown> | null,
        after: maskSecrets(after) as Record<string, unknown> | null,
        changed_fields: changedFields(before, after),
      });
      unit.auditCount += 1;
    },

    async list(input: z.output<typeof ZAuditListInput>) {
      const { rows, total } = await repository.list(
        {
          adminId: input.admin_id,
          action: input.action,
          targetType: input.target_type,
          targetId: input.target_id || undefined,
          from: input.from ? new Date(input.from) : undefined,
          to: input.to ? new Date(input.to) : undefined,
        },
        { limit: input.limit, offset: (input.page - 1) * input.limit },
        { field: 'created_at', order: input.sort_order },
      );
      return { list: rows.map(toEntry), total };
    },

    async detail(id: number): Promise<TAuditEntryDetail> {
      const row = await repository.findById(id);
      if (!row) throw new AppError('NOT_FOUND');
      return { ...toEntry(row), before: row.before ?? null, after: row.after ?? null };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
