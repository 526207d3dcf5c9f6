import { callUrl, type Call } from '@parlour/contract/call';
import { CLIENT_ID_HEADER, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';
import { translateIssue } from '@parlour/contract/i18n/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { appErrorEnvelope, failure, ok, requestLang, type Envelope } from '../plugins/envelope';
import { isValidIdempotencyKey, type IdempotencyService } from '../modules/idempotency/idempotency.service';
import { AppError } from './app-error';
import type { Principal, SessionService } from '../modules/session/session.service';

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

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || undefined;
}

/**
 * Registers the POST route of a declared call: parses the body with the call's schema, resolves the
 * session of the call's role, runs the handler and wraps its answer. Handlers stay thin: they get
 * validated input and the principal, never the raw body.
 */
export function createCallRegistrar(
  app: FastifyInstance,
  deps: { sessions: SessionService; checkOutput: boolean; idempotency?: IdempotencyService },
) {
  const registered = new Set<string>();

  /** The session of the bearer token, which must be of `role`; for routes that are not JSON calls (uploads). */
  async function requirePrincipal(request: FastifyRequest, role: Principal['role']): Promise<Principal> {
    const token = bearerToken(request);
    if (!token) throw new AppError('TOKEN_EXPIRED');
    const principal = await deps.sessions.resolveSession(token);
    if (!principal) throw new AppError('TOKEN_EXPIRED');
    if (principal.role !== role) throw new AppError('NO_PERMISSION');
    return principal;
  }

  function register<C extends Call>(call: C, handler: CallHandler<C>) {
    registered.add(call.path);
    app.post(callUrl(call), async (request, reply) => {
      const lang = requestLang(request);
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        return reply.send(failure('MALFORMED_REQUEST', lang));
      }

      const principal = call.isAuthenticated ? await requirePrincipal(request, call.role) : null;

      const { lang_code: _langCode, ...fields } = body as Record<string, unknown>;
      const parsed = call.input.safeParse(fields);
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({
          field: issue.path.join('.'),
          message: translateIssue(issue.message, issue.path, lang),
        }));
        return reply.send(failure('VALIDATION_FAILED', lang, errors[0]?.message, { errors }));
      }

      const execute = async (): Promise<Envelope> => {
        let data: z.input<C['output']>;
        try {
          data = await handler({
            input: parsed.data as z.output<C['input']>,
            principal: principal as PrincipalOf<C>,
            lang,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            clientId: request.headers[CLIENT_ID_HEADER] as string | undefined,
            request,
          });
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
      if (call.isWrite && deps.idempotency && idempotencyKey !== undefined) {
        if (!isValidIdempotencyKey(idempotencyKey)) return reply.send(failure('IDEMPOTENCY_KEY_INVALID', lang));
        const { envelope, isReplayed } = await deps.idempotency.run(
          { key: idempotencyKey, principal: principal ? `${principal.role}:${principal.userId}` : 'anonymous', callPath: call.path, fields },
          execute,
        );
        if (isReplayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return reply.send(envelope);
      }
      return reply.send(await execute());
    });
  }

  return { register, registered, requirePrincipal };
}
export type CallRegistrar = ReturnType<typeof createCallRegistrar>;
