import { callUrl } from '@parlour/contract/call';
import { allCalls } from '@parlour/contract/calls/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

interface Operation {
  summary: string;
  security: unknown[];
  requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown>; required?: string[] } } } };
  responses: { 200: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } } };
}

describe('the OpenAPI description', () => {
  let t: TestApp;
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => t.close());

  it('lists every declared call as a POST with its summary, and the metered Open API', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).sort()).toEqual([...allCalls.map(callUrl), '/open/v1/{platform}/{api_code}'].sort());
    for (const call of allCalls) {
      const operation = document.paths[callUrl(call)];
      expect(Object.keys(operation)).toEqual(['post']);
      expect(operation.post.summary).toBe(call.summary);
      expect(operation.post.security.length > 0).toBe(call.isAuthenticated);
    }
  });

  it('documents the Idempotency-Key header on every writing call and on no read', () => {
    const parameters = (document as unknown as { components: { parameters: Record<string, { name: string; in: string; description: string }> } }).components.parameters;
    expect(parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    expect(parameters.IdempotencyKey.description).toMatch(/24 hours/);
    for (const call of allCalls) {
      const operation = document.paths[callUrl(call)].post as unknown as { parameters?: Array<{ $ref: string }> };
      expect(operation.parameters ?? []).toEqual(call.isWrite ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []);
    }
  });

  it('describes the body from the contract, lang_code included, and the envelope', () => {
    const register = document.paths['/api/v1/merchant/member/user/register'].post;
    const body = register.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['email', 'code', 'password', 'confirm_password', 'agree', 'lang_code']));
    expect(body.required).toEqual(expect.arrayContaining(['email', 'code', 'password', 'confirm_password', 'agree']));
    const answer = register.responses[200].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toEqual(['code', 'msg', 'data']);
  });

  it('serves the reference as an HTML page at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
  });
});
