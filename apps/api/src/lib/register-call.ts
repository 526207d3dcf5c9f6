import { callUrl, type Call } from '@parlour/contract/call';
import { CLIENT_ID_HEADER } from '@parlour/contract/constants';
import type { Lang } from '@parlour/contract/errors';
import { translateIssue } from '@parlour/contract/i18n/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { failure, ok, requestLang } from '../plugins/envelope';
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
export function createCallRegistrar(app: FastifyInstance, deps: { sessions: SessionService; checkOutput: boolean }) {
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

      const data = await handler({
        input: parsed.data as z.output<C['input']>,
        principal: principal as PrincipalOf<C>,
        lang,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        clientId: request.headers[CLIENT_ID_HEADER] as string | undefined,
        request,
      });
      if (deps.checkOutput) {
        const checked = call.output.safeParse(data);
        if (!checked.success) {
          request.log.error({ path: call.path, issues: checked.error.issues }, 'answer does not match the contract');
          throw new Error(`answer of ${call.path} does not match the contract`);
        }
      }
      return reply.send(ok(data ?? null, lang));
    });
  }

  return { register, registered, requirePrincipal };
}
export type CallRegistrar = ReturnType<typeof createCallRegistrar>;
