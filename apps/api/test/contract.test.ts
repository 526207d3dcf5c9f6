import { callUrl, type Call } from '@parlour/contract/call';
import { allCalls } from '@parlour/contract/calls/all';
import * as accountCalls from '@parlour/contract/calls/account';
import { LOG_PLATFORMS } from '@parlour/contract/constants';
import { languages } from '@parlour/contract/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCallRegistrar, type CallRegistrar } from '../src/platform/register-call';
import { registerAccountRoutes } from '../src/modules/accounts/account/account.routes';
import { buildTestApp, type TestApp } from './helper';

/** The declared calls a Fastify instance has no POST route for. */
function callsWithoutHandler(app: FastifyInstance, calls: readonly Call[] = allCalls) {
  return calls.filter((call) => !app.hasRoute({ method: 'POST', url: callUrl(call) })).map((call) => call.path);
}

/** Every property name of a JSON schema, at any depth. */
function propertyNames(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(propertyNames);
  if (!schema || typeof schema !== 'object') return [];
  const record = schema as Record<string, unknown>;
  const own = record.properties && typeof record.properties === 'object' ? Object.keys(record.properties) : [];
  return [...own, ...Object.values(record).flatMap(propertyNames)];
}

describe('the API contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('declares every account call of the specification', () => {
    // Later issues add their calls; these must stay.
    expect(allCalls.map((call) => call.path)).toEqual(
      expect.arrayContaining([
        'admin/common/captcha/image',
        'admin/member/user/login',
        'admin/member/user/logout',
        'merchant/common/captcha/image',
        'merchant/common/code/check_ems',
        'merchant/common/code/check_sms',
        'merchant/common/code/email',
        'merchant/common/code/mobile',
        'merchant/member/user/forgot_password',
        'merchant/member/user/login',
        'merchant/member/user/logout',
        'merchant/member/user/mobile_forgot_password',
        'merchant/member/user/mobile_register',
        'merchant/member/user/register',
      ]),
    );
  });

  it('has a POST handler for every declared call', () => {
    expect(allCalls.length).toBeGreaterThan(0);
    expect(callsWithoutHandler(t.app)).toEqual([]);
  });

  it('notices a declared call whose handler is missing', async () => {
    // The account routes registered on a bare server, all but one: the check above must name it.
    const app = Fastify({ logger: false });
    const registrar = createCallRegistrar(app, { sessionService: {} as never, checkOutput: true });
    const skipped: Call = accountCalls.merchantMobileForgotPassword;
    const leaky: CallRegistrar = {
      ...registrar,
      register: ((call, handler) => {
        if (call !== skipped) registrar.register(call, handler);
      }) as CallRegistrar['register'],
    };
    registerAccountRoutes(leaky, {
      accountService: {} as never,
      sessionService: {} as never,
      captchaService: {} as never,
    });
    await app.ready();
    // Only the account routes are on this server, so the check is read for the account calls.
    const accountPaths = new Set(
      Object.values(accountCalls as Record<string, unknown>).flatMap((value) =>
        (value as Call)?.path ? [(value as Call).path] : [],
      ),
    );
    expect(callsWithoutHandler(app).filter((path) => accountPaths.has(path))).toEqual([skipped.path]);
    expect(
      allCalls
        .filter((call) => accountPaths.has(call.path) && !registrar.registered.has(call.path))
        .map((call) => call.path),
    ).toEqual([skipped.path]);
    await app.close();
  });

  it('keeps paths unique, below the role, in snake_case', () => {
    const paths = allCalls.map((call) => call.path);
    expect(new Set(paths).size).toBe(paths.length);
    // The specification (§7) names a few calls in camelCase; those keep its spelling.
    const specNamed = new Set([
      'merchant/common/config/configList',
      'admin/common/config/configList',
      'merchant/open/order/createPackageOrder',
      'admin/open/core_data/configGet',
    ]);
    // The spec's bare /api/v1 call (§7) is the one call with no path of its own.
    expect(allCalls.filter((call) => call.path === '').map((call) => call.summary)).toHaveLength(1);
    for (const call of allCalls.filter((call) => call.path !== '')) {
      expect(call.path.startsWith(`${call.role}/`)).toBe(true);
      if (!specNamed.has(call.path)) expect(call.path).toMatch(/^[a-z][a-z0-9_]*(\/[a-z][a-z0-9_]*)+$/);
    }
  });

  it('names every field of every body and answer in snake_case', () => {
    for (const call of allCalls) {
      const names = [
        ...propertyNames(z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' })),
        ...propertyNames(z.toJSONSchema(call.output, { io: 'output', unrepresentable: 'any' })),
      ];
      // A map keyed by platform (core data platform_paths) uses the §9 platform codes, '1688' among them;
      // a bilingual text (localized-text) is keyed by the language codes lang_code takes ('zh-CN', 'en-US').
      const fieldNames = names.filter(
        (name) =>
          !(LOG_PLATFORMS as readonly string[]).includes(name) && !(languages as readonly string[]).includes(name),
      );
      for (const name of fieldNames) expect(name, `${call.path}: ${name}`).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    }
  });

  it('requires a session on logout and on no other account call', () => {
    const calls = (Object.values(accountCalls) as unknown[]).filter(
      (value): value is Call =>
        typeof value === 'object' && value !== null && 'path' in value && 'isAuthenticated' in value,
    );
    const authenticated = calls.filter((call) => call.isAuthenticated).map((call) => call.path);
    expect(authenticated.sort()).toEqual(['admin/member/user/logout', 'merchant/member/user/logout']);
  });
});
