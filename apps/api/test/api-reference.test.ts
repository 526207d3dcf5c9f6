import { callUrl } from '@parlour/contract/call';
import { allCalls } from '@parlour/contract/calls/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_PLUGINS_PATH, type TStorePlugins } from '@parlour/contract/calls/plugin';
import { ErrorCode } from '@parlour/contract/errors';
import { buildTestApp, type TestApp } from './helper';
import { openCall, storeWithKey } from './open-api-helper';
import { addPlugin, takePlugin } from './plugin-helper';
import { expectOk, signInAdmin } from './shop-helper';

interface Operation {
  summary: string;
  security: unknown[];
  requestBody: {
    content: { 'application/json': { schema: { properties: Record<string, unknown>; required?: string[] } } };
  };
  responses: { 200: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } };
}

describe('the OpenAPI description', () => {
  let t: TestApp;
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => t.close());

  it('lists every declared call as a POST with its summary, the metered Open API and the store plugins call', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).sort()).toEqual(
      [...allCalls.map(callUrl), '/open/v1/{platform}/{api_code}', STORE_PLUGINS_PATH].sort(),
    );
    for (const call of allCalls) {
      const operation = document.paths[callUrl(call)];
      expect(Object.keys(operation)).toEqual(['post']);
      expect(operation.post.summary).toBe(call.summary);
      expect(operation.post.security.length > 0).toBe(call.isAuthenticated);
    }
  });

  it('documents the Idempotency-Key header on every writing call and on no read', () => {
    const parameters = (
      document as unknown as {
        components: { parameters: Record<string, { name: string; in: string; description: string }> };
      }
    ).components.parameters;
    expect(parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    expect(parameters.IdempotencyKey.description).toMatch(/24 hours/);
    for (const call of allCalls) {
      const operation = document.paths[callUrl(call)].post as unknown as { parameters?: Array<{ $ref: string }> };
      expect(operation.parameters ?? []).toEqual(
        call.isWrite ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [],
      );
    }
  });

  it('describes the body from the contract, lang_code included, and the envelope', () => {
    const register = document.paths['/api/v1/merchant/member/user/register'].post;
    const body = register.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['email', 'code', 'password', 'confirm_password', 'agree', 'lang_code']),
    );
    expect(body.required).toEqual(expect.arrayContaining(['email', 'code', 'password', 'confirm_password', 'agree']));
    const answer = register.responses[200].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toEqual(['code', 'msg', 'data']);
  });

  it('describes POST /open/v1/plugins: the store API key as header or bearer, the body, and the answer the route gives', async () => {
    type Schema = {
      type?: string;
      properties?: Record<string, Schema>;
      items?: Schema;
      required?: string[];
      oneOf?: Schema[];
      $ref?: string;
    };
    const full = document as unknown as {
      components: { schemas: Record<string, Schema> };
      paths: Record<
        string,
        Record<
          string,
          {
            tags: string[];
            security: unknown[];
            description: string;
            requestBody: { content: { 'application/json': { schema: Schema } } };
            responses: { 200: { content: { 'application/json': { schema: Schema } } } };
          }
        >
      >;
    };
    expect(Object.keys(full.paths[STORE_PLUGINS_PATH])).toEqual(['post']);
    const operation = full.paths[STORE_PLUGINS_PATH].post;
    expect(operation.tags).toEqual(['open']);
    expect(operation.security).toEqual([{ openApiKey: [] }, { openApiBearer: [] }]);
    expect(operation.description).toMatch(/not metered/);
    for (const code of [ErrorCode.OPEN_KEY_INVALID, ErrorCode.OPEN_KEY_SUSPENDED, ErrorCode.OPEN_STORE_NOT_RUNNING])
      expect(operation.description).toContain(`| ${code} |`);
    expect(Object.keys(operation.requestBody.content['application/json'].schema.properties!)).toEqual(['lang_code']);
    const answer = operation.responses[200].content['application/json'].schema;
    expect(Object.keys(answer.properties!)).toEqual(['code', 'msg', 'data']);
    expect(answer.properties!.data.oneOf).toContainEqual({ $ref: '#/components/schemas/StorePlugins' });

    // The schema has the keys of a real answer, a plugin on trial included.
    const schema = full.components.schemas.StorePlugins;
    const admin = await signInAdmin(t);
    const store = await storeWithKey(t);
    const plugin = await addPlugin(t, admin, { trial_days: 3 });
    await expectOk(takePlugin(t, store.token, { shop_id: store.shopId, plugin_id: plugin.id, mode: 'trial' }));
    const real = await openCall<TStorePlugins>(t, 'plugins', {}, store.key);
    expect(real.code).toBe(200);
    expect(Object.keys(schema.properties!).sort()).toEqual(Object.keys(real.data).sort());
    expect(schema.required!.sort()).toEqual(Object.keys(real.data).sort());
    expect(Object.keys(schema.properties!.plugins.items!.properties!).sort()).toEqual(
      Object.keys(real.data.plugins[0]).sort(),
    );
  });

  it('serves the reference as an HTML page at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
  });
});
