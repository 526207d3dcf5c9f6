import { readFileSync } from 'node:fs';
import { LOG_PLATFORMS } from '@parlour/contract/constants';
import { ErrorCode, type ErrorKey } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCallParams } from '../src/modules/traffic/open-api/open-api.rules';
import { METERED_OPEN_API_ERRORS } from '../src/plugins/api-reference-metered';
import { sandboxItem, sandboxSearch } from '../src/providers/product-data/sandbox-product-data-provider';
import { buildTestApp, type TestApp } from './helper';
import { grantPackage, openCall, storeWithKey } from './open-api-helper';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  oneOf?: Schema[];
  enum?: string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  title?: string;
  $ref?: string;
};
interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: Schema;
}
interface Operation {
  description: string;
  tags: string[];
  security: Array<Record<string, unknown>>;
  parameters: Parameter[];
  requestBody: { content: { 'application/json': { schema: Schema } } };
  responses: { 200: { content: { 'application/json': { schema: Schema } } } };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>>; schemas: Record<string, Schema> };
}

/** Keys of an answer and of its nested objects, as the document must describe them. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]): [string, unknown] => [key, shapeOf(inner)]));
  return typeof value;
}
function shapeOfSchema(schema: Schema): unknown {
  if (schema.type === 'array') return schema.items?.type === 'string' ? ['string'] : [shapeOfSchema(schema.items!)];
  if (schema.type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, inner]): [string, unknown] => [key, shapeOfSchema(inner)]),
    );
  // A nullable field (`type: [t, 'null']`) is compared by its type: the answers compared here carry a value.
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  return type === 'integer' ? 'number' : type;
}

describe('the OpenAPI description of the metered Open API', () => {
  let t: TestApp;
  let document: Document;
  let operation: Operation;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CODE_SENDS_PER_IP_PER_HOUR: '10000' } });
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    operation = document.paths['/open/v1/{platform}/{api_code}']?.post;
  });
  afterAll(() => t.close());

  it('lists POST /open/v1/{platform}/{api_code} with its path parameters and the store API key as header or bearer', () => {
    expect(Object.keys(document.paths['/open/v1/{platform}/{api_code}'])).toEqual(['post']);
    expect(operation.tags).toEqual(['open']);
    const platform = operation.parameters.find((parameter) => parameter.name === 'platform')!;
    expect(platform).toMatchObject({ in: 'path', required: true, schema: { enum: [...LOG_PLATFORMS] } });
    const apiCode = operation.parameters.find((parameter) => parameter.name === 'api_code')!;
    expect(apiCode).toMatchObject({ in: 'path', required: true });
    expect(
      new RegExp(apiCode.schema.pattern!).test('item_get') && !new RegExp(apiCode.schema.pattern!).test('Item-Get'),
    ).toBe(true);
    // Either scheme alone is enough: two entries of the security list, not two keys of one.
    expect(operation.security).toEqual([{ openApiKey: [] }, { openApiBearer: [] }]);
    expect(document.components.securitySchemes.openApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(document.components.securitySchemes.openApiBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents the item_get and item_search parameters with the limits the route applies', () => {
    const bodies = operation.requestBody.content['application/json'].schema.oneOf!;
    const itemGet = bodies.find((body) => body.title === 'item_get')!;
    const itemSearch = bodies.find((body) => body.title === 'item_search')!;
    expect(itemGet.required).toEqual(['num_iid']);
    const numIid = new RegExp(itemGet.properties!.num_iid.pattern!);
    for (const value of ['520813250866', 'a-b_c', 'x'.repeat(64), 'x'.repeat(65), 'a b', '商品']) {
      expect(numIid.test(value), value).toBe(checkCallParams('item_get', { num_iid: value }).isValid);
    }
    expect(checkCallParams('item_get', {}).isValid).toBe(false);
    expect(itemSearch.required).toEqual(['q']);
    expect(Object.keys(itemSearch.properties!)).toEqual(['q', 'page', 'page_size', 'sort']);
    expect(itemSearch.properties!.sort.enum).toEqual(['default', 'price_asc', 'price_desc', 'sales']);
    expect(checkCallParams('item_search', { q: 'a', sort: 'price_asc' }).isValid).toBe(true);
    expect(checkCallParams('item_search', { q: 'a', sort: 'cheapest' }).isValid).toBe(false);
    const { maxLength } = itemSearch.properties!.q;
    expect(checkCallParams('item_search', { q: 'x'.repeat(maxLength!) }).isValid).toBe(true);
    expect(checkCallParams('item_search', { q: 'x'.repeat(maxLength! + 1) }).isValid).toBe(false);
    expect(checkCallParams('item_search', {}).isValid).toBe(false);
    for (const name of ['page', 'page_size'] as const) {
      const { minimum, maximum } = itemSearch.properties![name];
      expect(checkCallParams('item_search', { q: 'a', [name]: minimum }).isValid, name).toBe(true);
      expect(checkCallParams('item_search', { q: 'a', [name]: maximum }).isValid, name).toBe(true);
      expect(checkCallParams('item_search', { q: 'a', [name]: minimum! - 1 }).isValid, name).toBe(false);
      expect(checkCallParams('item_search', { q: 'a', [name]: maximum! + 1 }).isValid, name).toBe(false);
    }
  });

  it('describes the answers as the providers give them', async () => {
    expect(shapeOfSchema(document.components.schemas.OpenApiItem)).toEqual(shapeOf(sandboxItem('taobao', '1')));
    expect(shapeOfSchema(document.components.schemas.OpenApiSearchPage)).toEqual(
      shapeOf(sandboxSearch('1688', 'cup', 1)),
    );
    const store = await storeWithKey(t);
    await grantPackage(t, { merchantId: store.merchantId, units: 10 });
    const item = await openCall(t, 'taobao/item_get', { num_iid: '42' }, store.key);
    expect(item.code).toBe(200);
    expect(shapeOfSchema(document.components.schemas.OpenApiItem)).toEqual(shapeOf(item.data));
    const page = await openCall(t, 'jd/item_search', { q: '伞', page: 2, page_size: 5 }, undefined, {
      authorization: `Bearer ${store.key}`,
    });
    expect(page.code).toBe(200);
    expect(shapeOfSchema(document.components.schemas.OpenApiSearchPage)).toEqual(shapeOf(page.data));
    const [success, failure] = operation.responses[200].content['application/json'].schema.oneOf!;
    expect(success.required).toEqual(['code', 'msg', 'data']);
    expect(failure.properties!.data.properties).toHaveProperty('retry_after');
  });

  it('lists every error code the route can answer, with TOO_MANY_REQUESTS and retry_after', async () => {
    const documented = METERED_OPEN_API_ERRORS.map(({ key }) => key);
    for (const key of documented) expect(operation.description).toContain(`| ${ErrorCode[key]} | ${key} |`);
    expect(operation.description).toMatch(/\| 10029 \| TOO_MANY_REQUESTS \|.*retry_after/);
    // Every error the Open API's route and service throw is documented.
    const sources = ['open-api.service.ts', 'open-api.routes.ts']
      .map((file) => readFileSync(new URL(`../src/modules/traffic/open-api/${file}`, import.meta.url), 'utf8'))
      .join('\n');
    const thrown = new Set(
      [...sources.matchAll(/(?:AppError\(|reject\(identity, |refuse\()'([A-Z_]+)'/g)].map(
        (match) => match[1] as ErrorKey,
      ),
    );
    expect(thrown.size).toBeGreaterThan(5);
    for (const key of thrown) expect(documented, key).toContain(key);
    // And the codes real calls answer.
    const store = await storeWithKey(t);
    const answers = [
      await openCall(t, 'taobao/item_get', { num_iid: '1' }, 'pk_live_nope'),
      await openCall(t, 'amazon/item_get', { num_iid: '1' }, store.key),
      await openCall(t, 'taobao/item_nope', {}, store.key),
      await openCall(t, 'taobao/item_get', {}, store.key),
      await openCall(t, 'taobao/item_get', { num_iid: '1' }, store.key),
    ];
    expect(answers.map((answer) => answer.code)).toEqual([13001, 13003, 13004, 13005, 13006]);
    for (const answer of answers) expect(documented.map((key) => ErrorCode[key])).toContain(answer.code);
  });
});
