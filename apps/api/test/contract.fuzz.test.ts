import { callUrl, type Call } from '@parlour/contract/call';
import { allCalls } from '@parlour/contract/calls/all';
import { ErrorCode } from '@parlour/contract/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, registerMerchant, uniqueEmail, type TestApp } from './helper';
import { grantPackage, storeWithKey } from './open-api-helper';
import { signInAdmin } from './shop-helper';

/**
 * Input bounds (docs/SECURITY.md): hostile input is refused, never a crash. For every declared
 * call, bodies generated from the call's own input schema (its JSON Schema, as the API reference
 * publishes it) are sent with the right role's token: valid-shaped bodies, the same with NUL
 * characters and lone surrogates in their strings, integers of 2^31 and beyond, wrong types,
 * missing and extra fields, whole bodies of any JSON. No answer may be SERVER_ERROR (10500) or an
 * HTTP 5xx.
 *
 * Deterministic (fixed seed, fixed number of runs, no shrinking) so CI sees the same bodies every
 * time; a failure prints the body to replay.
 */

const SEED = 20261124;
const RUNS_PER_CALL = 30;
const INT4_MAX = 2 ** 31 - 1;
/** Integers past what an int4 column holds, and past what a double holds exactly. */
const HUGE_INTEGERS = [2 ** 31, INT4_MAX + 2, 2 ** 32, -(2 ** 31) - 1, 2 ** 53 - 1, 2 ** 53 + 2, 1e21, -1e21];
/** Strings PostgreSQL refuses (NUL) or cannot encode (lone UTF-16 surrogates). */
const BAD_CHARACTERS = ['\u0000', '\ud800', '\udfff', '\udc00\ud800'];

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
};

const inputSchemaOf = (call: Call) =>
  z.toJSONSchema(call.input, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Values of the declared shape (refinements aside): the baseline the hostile values are mixed into. */
function shaped(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(shaped));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      // Mostly every field present, so a hostile value in one of them reaches the handler.
      return fc.record(Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, shaped(value)])), {
        requiredKeys: Object.keys(properties).filter((key) => required.has(key) || key.length % 3 !== 0),
      });
    }
    case 'array':
      return fc.array(schema.items ? shaped(schema.items) : fc.jsonValue(), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'integer':
    case 'number': {
      // Inside what an int4 column holds: the values past it are the hostile arms' job.
      const min = Math.max(
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -INT4_MAX),
        -INT4_MAX,
      );
      const max = Math.max(
        Math.min(
          schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : INT4_MAX),
          INT4_MAX,
        ),
        min,
      );
      return fc.oneof(
        fc.integer({ min: Math.max(min, -1000), max: Math.max(Math.min(max, 1000), Math.max(min, -1000)) }),
        fc.constantFrom(min, max),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.format === 'email') return fc.constantFrom('fuzz@example.com', 'a.b@example.org');
      if (schema.format === 'date-time') return fc.constantFrom('2026-01-02T03:04:05.000Z', '1970-01-01T00:00:00Z');
      if (schema.pattern) {
        const pattern = schema.pattern;
        const maxLength = schema.maxLength ?? 200;
        try {
          return fc.stringMatching(new RegExp(pattern)).map((value) => value.slice(0, maxLength));
        } catch {
          // fast-check cannot generate from every pattern (lookaheads): any short string then.
          return fc.string({ maxLength: Math.min(maxLength, 30) });
        }
      }
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values of any type and size, and the hostile ones of each type. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HUGE_INTEGERS),
  fc.constantFrom(...HUGE_INTEGERS.map(String)),
  fc.constantFrom(...BAD_CHARACTERS, 'a\u0000b', `x${'\ud83d'}`),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.anything({ maxDepth: 3, withNullPrototype: false }),
  fc.constantFrom(null, [], {}, true, '', ' ', -1, 0, 1.5, NaN),
);

/** Puts a bad character into every string of a value (keys of nested objects too). */
function poisonStrings(value: unknown, bad: string, position: number): unknown {
  if (typeof value === 'string') {
    const at = value.length === 0 ? 0 : position % (value.length + 1);
    return value.slice(0, at) + bad + value.slice(at);
  }
  if (Array.isArray(value)) return value.map((item) => poisonStrings(item, bad, position));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, poisonStrings(item, bad, position)]));
  }
  return value;
}

/** Replaces every integer of a value with `huge`. */
function enlargeIntegers(value: unknown, huge: number): unknown {
  if (typeof value === 'number' && Number.isInteger(value)) return huge;
  if (Array.isArray(value)) return value.map((item) => enlargeIntegers(item, huge));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, enlargeIntegers(item, huge)]));
  return value;
}

/** Hostile bodies of one call, built around bodies of its declared shape. */
function hostileBodies(call: Call): fc.Arbitrary<unknown> {
  const schema = inputSchemaOf(call);
  const keys = Object.keys(schema.properties ?? {});
  const base = shaped(schema).map((body) =>
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {},
  );
  const someKey = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('id');
  return fc.oneof(
    base,
    // Valid-shaped, with NUL or a lone surrogate in every string.
    fc
      .tuple(base, fc.constantFrom(...BAD_CHARACTERS), fc.nat(40))
      .map(([body, bad, at]) => poisonStrings(body, bad, at)),
    // Valid-shaped, with NUL or a lone surrogate in one field.
    fc
      .tuple(base, someKey, fc.constantFrom(...BAD_CHARACTERS), fc.nat(40))
      .map(([body, key, bad, at]) => ({ ...body, [key]: poisonStrings(body[key] ?? 'x', bad, at) })),
    // Every integer 2^31 or more (or below int4), as numbers.
    fc.tuple(base, fc.constantFrom(...HUGE_INTEGERS)).map(([body, huge]) => enlargeIntegers(body, huge)),
    // One field of a wrong type or a hostile value.
    fc.tuple(base, someKey, hostileValue).map(([body, key, value]) => ({ ...body, [key]: value })),
    // Missing fields and extra fields (a language of any type among them).
    fc
      .tuple(
        base,
        fc.subarray(keys),
        fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), hostileValue, { maxKeys: 3 }),
        hostileValue,
      )
      .map(([body, dropped, extra, lang]) => ({
        ...Object.fromEntries(Object.entries(body).filter(([key]) => !dropped.includes(key))),
        ...extra,
        lang_code: lang,
      })),
    // A body that is not an object at all.
    hostileValue,
  );
}

/** What a fuzzed request answered: HTTP status and envelope code. */
async function send(
  t: TestApp,
  url: string,
  payload: string,
  token: string | undefined,
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  let code: number | undefined;
  try {
    code = (response.json() as { code?: number }).code;
  } catch {
    code = undefined;
  }
  return { status: response.statusCode, code, body: response.body };
}

/** Answers about the caller's session rather than the body. */
const SESSION_REFUSALS = new Set<number>([
  ErrorCode.TOKEN_EXPIRED,
  ErrorCode.NO_PERMISSION,
  ErrorCode.TWO_FACTOR_ENROLMENT_REQUIRED,
]);

const isCrash = (answer: { status: number; code: number | undefined }) =>
  answer.status >= 500 || answer.code === ErrorCode.SERVER_ERROR;

describe('[FUZZ] every declared call refuses hostile bodies without a server error', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '100000' } });
  });
  afterAll(() => t.close());

  /** A fresh token of the call's role, so a call that ends sessions or disables accounts does not starve the next one. */
  async function tokenFor(call: Call): Promise<string | undefined> {
    if (!call.isAuthenticated) return undefined;
    if (call.role === 'admin') {
      // A fuzzed platform rule may have required operator two-factor sign-in: the next call gets a plain session again.
      await t.app.services.settings.setAdminTwoFactorRequired(false);
      return signInAdmin(t);
    }
    return (await registerMerchant(t, uniqueEmail('fuzz'))).token;
  }

  it.each(allCalls.map((call) => [call.path || '(bare call)', call] as const))('%s', async (_path, call) => {
    const token = await tokenFor(call);
    const url = callUrl(call);
    let passedSession = 0;
    await fc.assert(
      fc.asyncProperty(hostileBodies(call), async (body) => {
        const answer = await send(t, url, JSON.stringify(body) ?? 'null', token);
        if (isCrash(answer))
          throw new Error(`${url} answered ${answer.status} ${answer.body} to ${JSON.stringify(body)}`);
        if (answer.code === undefined || !SESSION_REFUSALS.has(answer.code)) passedSession += 1;
      }),
      { seed: SEED, numRuns: RUNS_PER_CALL, endOnFailure: true },
    );
    // The bodies reached the call's validation and handler: a test whose session was refused tests nothing.
    expect(passedSession, `${url}: every body was refused for its session`).toBeGreaterThan(0);
  });

  it('the metered Open API and the payment notification refuse hostile bodies too', async () => {
    const store = await storeWithKey(t);
    await grantPackage(t, { merchantId: store.merchantId, units: 100_000 });
    // The parameters the Open API reads, valid-shaped, then made hostile like the calls' bodies.
    const params = fc.record(
      {
        num_iid: fc.oneof(fc.nat().map(String), fc.string({ maxLength: 12 })),
        q: fc.string({ maxLength: 12 }),
        page: fc.nat(5),
        page_size: fc.nat(50),
      },
      { requiredKeys: [] },
    );
    const hostileParams = fc.oneof(
      params,
      fc
        .tuple(params, fc.constantFrom(...BAD_CHARACTERS), fc.nat(20))
        .map(([body, bad, at]) => poisonStrings(body, bad, at)),
      fc.tuple(params, fc.constantFrom(...HUGE_INTEGERS)).map(([body, huge]) => enlargeIntegers(body, huge)),
      fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), hostileValue, { maxKeys: 4 }),
      hostileValue,
    );
    const platform = fc.oneof(
      fc.constantFrom('taobao', '1688', 'jd', 'micro_store'),
      fc.constantFrom('%00', '%ED%A0%80', 'x'.repeat(300)),
    );
    const apiCode = fc.oneof(
      fc.constantFrom('item_get', 'item_search'),
      fc.constantFrom('%00', '%ED%A0%80', '2147483648'),
    );
    await fc.assert(
      fc.asyncProperty(platform, apiCode, hostileParams, async (platformName, code, body) => {
        const answer = await send(t, `/open/v1/${platformName}/${code}`, JSON.stringify(body) ?? 'null', undefined, {
          'x-api-key': store.key,
        });
        if (isCrash(answer))
          throw new Error(
            `/open/v1/${platformName}/${code} answered ${answer.status} ${answer.body} to ${JSON.stringify(body)}`,
          );
      }),
      { seed: SEED, numRuns: RUNS_PER_CALL * 2, endOnFailure: true },
    );
    const notification = fc.oneof(
      fc.dictionary(
        fc.constantFrom('bill_no', 'amount', 'currency', 'trade_no', 'sign', 'timestamp', 'nonce', 'status'),
        hostileValue,
      ),
      fc
        .tuple(
          fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 5 }),
          fc.constantFrom(...BAD_CHARACTERS),
          fc.nat(8),
        )
        .map(([body, bad, at]) => poisonStrings(body, bad, at)),
      hostileValue,
    );
    const provider = fc.constantFrom('sandbox', 'alipay', '%00', '%ED%A0%80');
    await fc.assert(
      fc.asyncProperty(provider, notification, async (providerName, body) => {
        const answer = await send(
          t,
          `/api/v1/payment/notify/${providerName}`,
          JSON.stringify(body) ?? 'null',
          undefined,
        );
        if (isCrash(answer))
          throw new Error(`notify/${providerName} answered ${answer.status} ${answer.body} to ${JSON.stringify(body)}`);
      }),
      { seed: SEED, numRuns: RUNS_PER_CALL * 2, endOnFailure: true },
    );
  });

  it('refuses JSON nested 20,000 deep on every call, the payment notification and the Open API', async () => {
    const deep = (depth: number) => `{"lang_code":"en-US","a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const merchant = (await registerMerchant(t, uniqueEmail('fuzz'))).token;
    const admin = await signInAdmin(t);
    const targets = [
      ...allCalls.map((call) => ({
        url: callUrl(call),
        token: call.isAuthenticated ? (call.role === 'admin' ? admin : merchant) : undefined,
      })),
      { url: '/api/v1/payment/notify/sandbox', token: undefined },
      { url: '/open/v1/taobao/item_get', token: undefined },
    ];
    const crashes: string[] = [];
    for (const { url, token } of targets) {
      for (const payload of [deep(20_000), deepObject(20_000)]) {
        const answer = await send(t, url, payload, token);
        if (isCrash(answer)) crashes.push(`${url}: ${answer.status} ${answer.body.slice(0, 120)}`);
      }
    }
    expect(crashes).toEqual([]);
  });
});
