import { z } from 'zod';
import { defineCall } from '../call';
import { listOutput, sortFields, ZPageInput } from '../schemas';

/**
 * The operations page (docs/SECURITY.md, Audit log; the spec's hidden operator page,
 * /admin/operations): the audit log of every operator change, the background jobs, and the last
 * error of each external provider.
 */

/** What an audit row is about; each action below is `<target>.<verb>`. */
export const AUDIT_TARGET_TYPES = [
  'admin',
  'merchant',
  'shop',
  'domain',
  'store_version',
  'plan',
  'notice',
  'prospect',
  'settings',
  'product_data',
  'data_source',
  'open_api',
  'product_cache',
  'job',
  'plugin',
  'plugin_type',
  'bill',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Every action the audit log records; the console translates each (both catalogues hold all). */
export const AUDIT_ACTIONS = [
  'admin.sign_out',
  'admin.end_session',
  'admin.end_other_sessions',
  'admin.change_password',
  'admin.two_factor_setup',
  'admin.two_factor_enable',
  'admin.two_factor_disable',
  'merchant.add',
  'merchant.edit',
  'shop.add',
  'shop.renew',
  'shop.set_status',
  'shop.enter_admin',
  'shop.edit_site_config',
  'domain.add',
  'domain.check',
  'domain.change_main',
  'domain.set_redirect',
  'domain.delete',
  'store_version.add',
  'store_version.edit',
  'store_version.edit_prices',
  'plan.add',
  'plan.edit',
  'plan.set_status',
  'notice.add',
  'notice.edit',
  'notice.delete',
  'prospect.edit',
  'settings.edit',
  'settings.test_send_email',
  'settings.test_send_sms',
  'settings.test_send_wecom',
  'settings.edit_payment',
  'settings.test_payment',
  'settings.exchange_rates',
  'product_data.edit',
  'data_source.add',
  'data_source.edit',
  'data_source.delete',
  'data_source.enable',
  'open_api.add',
  'open_api.edit',
  'product_cache.purge',
  'job.retry',
  'plugin.add',
  'plugin.edit',
  'plugin.set_status',
  'plugin_type.add',
  'plugin_type.edit',
  'plugin_type.delete',
  'bill.refund',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Settings fields that are secrets although their names do not say so (a WeCom webhook URL carries its key). */
export const SECRET_FIELD_NAMES = ['webhook_url'] as const;

const ZId = z.coerce
  .number({ error: 'id_required' })
  .int({ error: 'id_required' })
  .positive({ error: 'id_required' })
  .max(2_147_483_647, { error: 'id_required' });
const ZInstant = z.iso.datetime({ offset: true, error: 'date_range_invalid' });

export const ZAuditEntry = z.object({
  id: z.number().int(),
  admin_id: z.number().int().nullable(),
  admin_account: z.string(),
  created_at: z.string(),
  ip: z.string(),
  request_id: z.string(),
  call_path: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** Top-level fields whose value changed (secrets included, their values masked). */
  changed_fields: z.array(z.string()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditEntryDetail = ZAuditEntry.extend({
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditEntryDetail = z.infer<typeof ZAuditEntryDetail>;

export const AUDIT_SORT_FIELDS = ['created_at'] as const;
export const ZAuditListInput = ZPageInput.extend({
  admin_id: ZId.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'audit_action_invalid' }).optional(),
  target_type: z.enum(AUDIT_TARGET_TYPES, { error: 'audit_target_invalid' }).optional(),
  /** The target's id, exactly (a store ID, a notice id …); only with target_type. */
  target_id: z.string().trim().max(100, { error: 'audit_target_invalid' }).optional(),
  /** From this instant (included). */
  from: ZInstant.optional(),
  /** Until this instant (excluded). */
  to: ZInstant.optional(),
})
  .extend(sortFields(AUDIT_SORT_FIELDS).shape)
  .refine((value) => !value.from || !value.to || Date.parse(value.from) <= Date.parse(value.to), {
    error: 'date_range_invalid',
    path: ['from'],
  });
export type TAuditListInput = z.input<typeof ZAuditListInput>;

export const adminListAuditLog = defineCall({
  path: 'admin/system/audit/lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary:
    'The audit log of operator changes, newest first (or oldest first), by operator, action, target and time range',
  input: ZAuditListInput,
  output: listOutput(ZAuditEntry),
});
export const adminAuditDetail = defineCall({
  path: 'admin/system/audit/detail',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'One audit row with the target before and after the change (secrets masked)',
  input: z.object({ id: ZId }),
  output: ZAuditEntryDetail,
});

/** The external providers whose last failure the operations page shows. */
export const PROVIDER_NAMES = ['mail', 'sms', 'wecom', 'product_data', 'payment'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** pg-boss's job states, counted per queue. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const ZQueueCounts = z.object({
  name: z.string(),
  counts: z.record(z.enum(JOB_STATES), z.number().int()),
});
export const ZProviderStatus = z.object({
  provider: z.enum(PROVIDER_NAMES),
  last_error_at: z.string().nullable(),
  last_error: z.string().nullable(),
  error_count: z.number().int(),
  last_success_at: z.string().nullable(),
});
export type TProviderStatus = z.infer<typeof ZProviderStatus>;
export const ZOperationsOverview = z.object({
  /** False when the job queue is not running in this process (tests, a process started without jobs). */
  is_queue_running: z.boolean(),
  queues: z.array(ZQueueCounts),
  providers: z.array(ZProviderStatus),
  /** Operators, for the audit log's operator filter. */
  operators: z.array(z.object({ id: z.number().int(), account: z.string() })),
});
export type TOperationsOverview = z.infer<typeof ZOperationsOverview>;

export const adminOperationsOverview = defineCall({
  path: 'admin/system/operations/overview',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Job counts per queue and state, the last error of each provider, and the operators (for the audit filter)',
  input: z.object({}),
  output: ZOperationsOverview,
});

export const ZFailedJob = z.object({
  id: z.string(),
  queue: z.string(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
  retry_count: z.number().int(),
  /** The job's error as pg-boss stored it (message, or its JSON). */
  error: z.string(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;
export const adminListFailedJobs = defineCall({
  path: 'admin/system/jobs/failed_lists',
  role: 'admin',
  isAuthenticated: true,
  isWrite: false,
  summary: 'Failed background jobs, newest first, with their errors',
  input: ZPageInput.extend({ queue: z.string().trim().max(100).optional() }),
  output: listOutput(ZFailedJob),
});
export const adminRetryJob = defineCall({
  path: 'admin/system/jobs/retry',
  role: 'admin',
  isAuthenticated: true,
  isWrite: true,
  summary: 'Sends a failed job back to its queue (audited)',
  input: z.object({
    queue: z
      .string({ error: 'job_required' })
      .trim()
      .min(1, { error: 'job_required' })
      .max(100, { error: 'job_required' }),
    id: z.uuid({ error: 'job_required' }),
  }),
  output: z.null(),
});
