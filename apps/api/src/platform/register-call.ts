import { callUrl, type Call } from '@parlour/contract/call';
import { CLIENT_ID_HEADER, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';
import { translateIssue } from '@parlour/contract/i18n/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { appErrorEnvelope, failure, ok, requestLang, type Envelope } from '../plugins/envelope';
import { isValidIdempotencyKey, type IdempotencyService } from './idempotency/idempotency.service';
import { AppError } from '../lib/app-error';
import type { Principal, SessionService } from './session/session.service';
import type { AuditChange, AuditService } from './audit/audit.service';
import type { Db } from '../db/client';
import { runInUnitOfWork } from '../lib/unit-of-work';
import {
  PUBLIC_BODY_LIMITS,
  publicRouteOptions,
  type IpRateBucket,
  type IpRateLimit,
} from './rate-limit/ip-rate-limit.service';

export interface CallContext<C extends Call, P extends Principal | null> {
  input: z.output<C['input']>;
  principal: P;
  lang: Lang;
  ip: string;
  userAgent: string | undefined;
  clientId: string | undefined;
  request: FastifyRequest;
}

type PrincipalOf<C extends Call> = C['isAuthenticated'] extends true ? Principal : Principal | null;
export type CallHandler<C extends Call> = (context: CallContext<C, PrincipalOf<C>>) => Promise<z.input<C['output']>>;

/** A business refusal (AppError): what the call wrote before it stays, as without the unit of work. */
const isRefusal = (error: unknown) => error instanceof AppError;

/**
 * How an operator writing call is recorded in the audit log (docs/audit-log.md): its action and
 * target, and how to load the target as operators see it, before the call (when the input names it)
 * and after (from the input, or from the answer for a creation). A service may record more targets
 * itself with `audit.record`; a call that records nothing at all is refused (see `register`).
 */
export interface AuditSpec<C extends Call> {
  action: AuditChange['action'] | ((input: z.output<C['input']>) => AuditChange['action']);
  targetType: AuditChange['targetType'];
  /** The target's id: from the input for an edit, from the answer (`output`) for a creation. */
  targetId: (
    input: z.output<C['input']>,
    output: z.input<C['output']> | undefined,
    principal: Principal,
  ) => string | number | null | undefined;
  /** The target as it is now (null when it does not exist); without it the call's input is recorded as `after`. */
  load?: (id: string | number) => Promise<unknown>;
  /**
   * The call changes nothing in the database, only sends something out (a test mail): it runs
   * outside the transaction (a slow SMTP server must not hold one open) and its row is written once
   * it succeeded.
   */
  isExternalOnly?: boolean;
}
export interface RegisterOptions<C extends Call> {
  audit?: AuditSpec<C>;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || undefined;
}

/** A rule on an authenticated principal and the call's path; throws to refuse. */
export type AuthorizationRule = (principal: Principal, path: string) => Promise<void>;

/**
 * Registers the POST route of a declared call: parses the body with the call's schema, resolves the
 * session of the call's role, runs the handler and wraps its answer. Handlers stay thin: they get
 * validated input and the principal, never the raw body.
 */
export function createCallRegistrar(
  app: FastifyInstance,
  deps: {
    sessionService: SessionService;
    checkOutput: boolean;
    idempotencyService?: IdempotencyService;
    /** The audit log and the (transaction-aware) database its unit of work opens transactions on. */
    audit?: { service: AuditService; db: Db };
    /**
     * Per-IP budgets of the calls made before signing in (docs/SECURITY.md, Unauthenticated endpoints); which
     * budget a call spends.
     */
    publicLimits?: { ipRateLimit: IpRateLimit; bucketOf: (call: Call) => IpRateBucket };
  },
) {
  const registered = new Set<string>();
  let authorize: AuthorizationRule | undefined;

  /**
   * Sets the rule every authenticated call passes (operators' required two-factor enrolment): the
   * accounts area gives it while the app is assembled, before any request. Once only.
   */
  function authorizeWith(rule: AuthorizationRule) {
    if (authorize) throw new Error('the call registrar has its authorization rule already');
    authorize = rule;
  }

  /** The session of the bearer token, which must be of `role`; for routes that are not JSON calls (uploads). */
  async function requirePrincipal(request: FastifyRequest, role: Principal['role'], path: string): Promise<Principal> {
    const token = bearerToken(request);
    if (!token) throw new AppError('TOKEN_EXPIRED');
    const principal = await deps.sessionService.resolveSession(token);
    if (!principal) throw new AppError('TOKEN_EXPIRED');
    if (principal.role !== role) throw new AppError('NO_PERMISSION');
    await authorize?.(principal, path);
    return principal;
  }

  /**
   * An authenticated operator's writing call runs in one transaction (lib/unit-of-work) with its
   * audit rows: the spec's row is written after the handler succeeded, a call that fails unexpectedly
   * leaves neither its changes nor its rows, and a call that succeeded without writing an audit row is
   * rolled back and answers SERVER_ERROR — an operator change is never left unrecorded. A business
   * refusal (AppError) records nothing and keeps what the service wrote before refusing (a wrong
   * code's counted attempt), as it did before calls ran in one transaction.
   */
  async function runAudited<C extends Call>(
    call: C,
    spec: AuditSpec<C> | undefined,
    principal: Principal,
    request: FastifyRequest,
    input: z.output<C['input']>,
    run: () => Promise<z.input<C['output']>>,
  ) {
    const audit = deps.audit!;
    const actor = { adminId: principal.userId, ip: request.ip, requestId: String(request.id), callPath: call.path };
    // A target that is not there reads as null: the handler decides how to refuse it.
    const load = async (id: string | number | null | undefined) => {
      if (!spec?.load || id === undefined || id === null) return null;
      try {
        return await spec.load(id);
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
    };
    const record = async (before: unknown, data: z.input<C['output']>) => {
      if (!spec) return;
      const targetId = spec.targetId(input, data, principal);
      const after = spec.load ? await load(targetId) : input;
      const action = typeof spec.action === 'function' ? spec.action(input) : spec.action;
      await audit.service.record({ action, targetType: spec.targetType, targetId, before, after });
    };
    const check = (auditCount: number) => {
      if (auditCount === 0) throw new Error(`operator writing call ${call.path} recorded no audit row`);
    };
    if (spec?.isExternalOnly) {
      const data = await run();
      await runInUnitOfWork(audit.db, { actor, commitOn: isRefusal }, async (unit) => {
        await record(null, data);
        check(unit.auditCount);
      });
      return data;
    }
    return runInUnitOfWork(audit.db, { actor, commitOn: isRefusal }, async (unit) => {
      const before = await load(spec?.targetId(input, undefined, principal));
      const data = await run();
      await record(before, data);
      check(unit.auditCount);
      return data;
    });
  }

  function register<C extends Call>(call: C, handler: CallHandler<C>, options: RegisterOptions<C> = {}) {
    registered.add(call.path);
    const isAudited = call.role === 'admin' && call.isAuthenticated && call.isWrite && deps.audit !== undefined;
    // A call made before signing in reads at most a small body, and a writing one spends the caller's
    // per-IP budget before it runs (reads like the public configuration write nothing, so spend none).
    const { publicLimits } = deps;
    const publicOptions = call.isAuthenticated
      ? {}
      : publicRouteOptions(
          PUBLIC_BODY_LIMITS.publicCall,
          call.isWrite && publicLimits
            ? { ipRateLimit: publicLimits.ipRateLimit, bucket: publicLimits.bucketOf(call) }
            : undefined,
        );
    app.post(callUrl(call), publicOptions, async (request, reply) => {
      const lang = requestLang(request);
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        return reply.send(failure('MALFORMED_REQUEST', lang));
      }

      const principal = call.isAuthenticated ? await requirePrincipal(request, call.role, call.path) : null;

      const { lang_code: _langCode, ...fields } = body as Record<string, unknown>;
      const parsed = call.input.safeParse(fields);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({
          field: issue.path.join('.'),
          message: translateIssue(issue.message, issue.path, lang),
        }));
        return reply.send(failure(call.invalidInputError ?? 'VALIDATION_FAILED', lang, errors[0]?.message, { errors }));
      }

      const execute = async (): Promise<Envelope> => {
        let data: z.input<C['output']>;
        const input = parsed.data as z.output<C['input']>;
        const run = () =>
          handler({
            input,
            principal: principal as PrincipalOf<C>,
            lang,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            clientId: request.headers[CLIENT_ID_HEADER] as string | undefined,
            request,
          });
        try {
          data = isAudited ? await runAudited(call, options.audit, principal!, request, input, run) : await run();
        } catch (error) {
          if (error instanceof AppError) return appErrorEnvelope(error, lang);
          throw error;
        }
        if (deps.checkOutput) {
          const checked = call.output.safeParse(data);
          if (!checked.success) {
            request.log.error({ path: call.path, issues: checked.error.issues }, 'answer does not match the contract');
            throw new Error(`answer of ${call.path} does not match the contract`);
          }
        }
        return ok(data ?? null, lang);
      };

      // A writing call with an Idempotency-Key runs once per key (after validation, like Stripe: a
      // refused body is not kept); without the header it simply runs.
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (call.isWrite && deps.idempotencyService && idempotencyKey !== undefined) {
        if (!isValidIdempotencyKey(idempotencyKey)) return reply.send(failure('IDEMPOTENCY_KEY_INVALID', lang));
        const { envelope, isReplayed } = await deps.idempotencyService.run(
          {
            key: idempotencyKey,
            principal: principal ? `${principal.role}:${principal.userId}` : 'anonymous',
            callPath: call.path,
            fields,
          },
          execute,
        );
        if (isReplayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return reply.send(envelope);
      }
      return reply.send(await execute());
    });
  }

  return { register, registered, requirePrincipal, authorizeWith };
}
export type CallRegistrar = ReturnType<typeof createCallRegistrar>;
