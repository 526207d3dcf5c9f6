import {
  JOB_STATES,
  PROVIDER_NAMES,
  type JobState,
  type TFailedJob,
  type TOperationsOverview,
} from '@parlour/contract/calls/operations';
import { AppError } from '../../../lib/app-error';
import type { JobRow, OperationsRepository } from './operations.repository';

function isoOf(value: Date | string | null): string | null {
  if (value === null) return null;
  return new Date(value).toISOString();
}

/** pg-boss keeps a failed job's error in `output` (an Error's JSON, or what the handler threw). */
function errorOf(output: unknown): string {
  if (output === null || output === undefined) return '';
  const value = typeof output === 'string' ? safeParse(output) : output;
  if (typeof value === 'object' && value !== null && 'message' in value) {
    const { message, stack } = value as { message?: unknown; stack?: unknown };
    return [String(message ?? ''), typeof stack === 'string' ? stack.split('\n').slice(1, 4).join('\n') : '']
      .filter(Boolean)
      .join('\n');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}
function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The operations page (docs/SECURITY.md, Audit log): job queues and failed jobs, providers' last errors, operators. */
export function createOperationsService(deps: {
  repository: OperationsRepository;
  isQueueRunning: () => boolean;
  queueNames: () => string[];
}) {
  const { repository } = deps;

  function toJobView(row: JobRow) {
    return {
      id: row.id,
      queue: row.name,
      state: row.state,
      retry_count: Number(row.retry_count),
      retry_limit: Number(row.retry_limit),
      created_at: isoOf(row.created_on),
      failed_at: isoOf(row.completed_on),
      error: errorOf(row.output),
    };
  }

  return {
    async overview(): Promise<TOperationsOverview> {
      const [counts, statuses, operators] = await Promise.all([
        repository.countJobsByQueueAndState(),
        repository.listProviderStatuses(),
        repository.listOperators(),
      ]);
      // pg-boss's own queues (`__pgboss__send-it`: its cron sends) are its business, not the platform's jobs.
      const names = [...new Set([...deps.queueNames(), ...counts.map((count) => count.name)])]
        .filter((name) => !name.startsWith('__pgboss'))
        .sort();
      const zero = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<JobState, number>;
      const queues = names.map((name) => ({
        name,
        counts: {
          ...zero,
          ...Object.fromEntries(
            counts
              .filter((count) => count.name === name && (JOB_STATES as readonly string[]).includes(count.state))
              .map((count) => [count.state, count.count]),
          ),
        },
      }));
      const providers = PROVIDER_NAMES.map((provider) => {
        const row = statuses.find((status) => status.provider === provider);
        return {
          provider,
          last_error_at: row?.last_error_at.toISOString() ?? null,
          last_error: row?.last_error ?? null,
          error_count: row?.error_count ?? 0,
          last_success_at: row?.last_success_at?.toISOString() ?? null,
        };
      });
      return { is_queue_running: deps.isQueueRunning(), queues, providers, operators };
    },

    async listFailedJobs(input: {
      page: number;
      limit: number;
      queue?: string;
    }): Promise<{ list: TFailedJob[]; total: number }> {
      const { rows, total } = await repository.listFailedJobs(
        { queue: input.queue || undefined },
        { limit: input.limit, offset: (input.page - 1) * input.limit },
      );
      return {
        list: rows.map((row) => {
          const view = toJobView(row);
          return {
            id: view.id,
            queue: view.queue,
            created_at: view.created_at ?? '',
            failed_at: view.failed_at,
            retry_count: view.retry_count,
            error: view.error,
          };
        }),
        total,
      };
    },

    /** A job as the audit log records it (state and error), or undefined. */
    async getJob(id: string) {
      const row = await repository.findJob(id);
      return row ? toJobView(row) : undefined;
    },

    async retryJob(queue: string, id: string) {
      if (!(await repository.retryFailedJob(queue, id))) throw new AppError('NOT_FOUND');
      return null;
    },
  };
}
export type OperationsService = ReturnType<typeof createOperationsService>;
