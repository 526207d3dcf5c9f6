import {
  OPEN_API_CODE_PATTERN,
  OPEN_API_KEY_HEADER,
  OPEN_API_KEY_PREFIX,
  OPEN_API_PARAM_SCHEMAS,
  OPEN_API_PARAM_VALUE_MAX,
  OPEN_API_PARAMS_MAX,
  OPEN_API_PATH_PREFIX,
  OPEN_API_RATE_BURST,
  OPEN_API_RATE_PER_SECOND,
  OPEN_API_RESERVED_PARAMS,
} from '@parlour/contract/calls/open-core';
import { LOG_PLATFORMS } from '@parlour/contract/constants';
import { ErrorCode, errorMessages, type ErrorKey } from '@parlour/contract/errors';
import { jsonSchema } from './api-reference';

/**
 * The OpenAPI description of the metered product-data call `POST /open/v1/{platform}/{api_code}`.
 * It lives outside the /api/v1 contract (its path and envelope are the Open API's own), so its
 * operation is written out here; the body's parameters come from the contract's declaration
 * (OPEN_API_PARAM_SCHEMAS), which the route checks calls against too. api-reference.metered.test.ts holds
 * the document to the route's real rules and answers.
 */

/** The path as the OpenAPI document names it. */
export const METERED_OPEN_API_PATH = `${OPEN_API_PATH_PREFIX}/{platform}/{api_code}`;

/** Answers the call can give besides success, with when and whether the call is charged. */
export const METERED_OPEN_API_ERRORS: ReadonlyArray<{ key: ErrorKey; when: string }> = [
  {
    key: 'OPEN_KEY_INVALID',
    when: 'No key, or a key of no store (a rotated key stops at once). Not logged, not charged.',
  },
  {
    key: 'OPEN_KEY_SUSPENDED',
    when: 'The store’s merchant is disabled by an operator; its stores’ keys work again once it is enabled. Not logged, not charged.',
  },
  { key: 'OPEN_STORE_NOT_RUNNING', when: 'The store is not on trial or operating. Logged as rejected, not charged.' },
  {
    key: 'OPEN_PLATFORM_DISABLED',
    when: 'Unknown platform, or its data source is missing or switched off. Logged as rejected, not charged.',
  },
  {
    key: 'OPEN_API_DISABLED',
    when: 'The platform has no API with this code, or it is switched off. Logged as rejected, not charged.',
  },
  {
    key: 'OPEN_PARAMS_INVALID',
    when: '`msg` names the parameter that is missing or malformed. Logged as rejected, not charged.',
  },
  { key: 'OPEN_QUOTA_EXHAUSTED', when: 'No active package has enough units left. Logged, not charged.' },
  {
    key: 'OPEN_UPSTREAM_FAILED',
    when: 'The data source failed or answered an error. Logged as failed upstream; the units are given back.',
  },
  {
    key: 'OPEN_UPSTREAM_TIMEOUT',
    when: 'The data source did not answer within the configured timeout. Logged as failed upstream; the units are given back.',
  },
  {
    key: 'TOO_MANY_REQUESTS',
    when:
      `More than ${OPEN_API_RATE_PER_SECOND} calls per second (bursts of ${OPEN_API_RATE_BURST}) with one ` +
      `key. \`data.retry_after\` is the number of seconds to wait. Not logged, not charged.`,
  },
  { key: 'MALFORMED_REQUEST', when: 'The body is not a JSON object. Not logged, not charged.' },
  { key: 'SERVER_ERROR', when: 'An unexpected failure; try again later.' },
];

const text = (description: string) => ({ type: 'string', description });
const integer = (description: string, extra: Record<string, unknown> = {}) => ({
  type: 'integer',
  description,
  ...extra,
});
const object = (properties: Record<string, unknown>, description?: string) => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  required: Object.keys(properties),
});

/** An object whose `names` may be absent. */
const optional = (names: readonly string[], properties: Record<string, unknown>) => {
  const schema = object(properties);
  return { ...schema, required: schema.required.filter((name) => !names.includes(name)) };
};

const money = (what: string) => integer(`${what} in minor units of \`currency\` (fen for CNY: 2580 is 25.80)`);

/** Component schemas of the call's answers; keys match ProductItem and ProductSearchPage of the providers. */
export const METERED_OPEN_API_SCHEMAS = {
  OpenApiItem: object(
    {
      platform: { type: 'string', enum: [...LOG_PLATFORMS] },
      item_id: text('The item ID on the platform (num_iid)'),
      title: text('Item title'),
      url: text('Item page on the platform'),
      price: money('Current price'),
      original_price: money('List price before promotion; equal to price when there is none'),
      currency: text('ISO 4217 code, e.g. CNY'),
      stock: integer('Units in stock, all SKUs'),
      images: { type: 'array', items: { type: 'string' }, description: 'Image URLs, main image first' },
      skus: {
        type: 'array',
        items: optional(['image'], {
          sku_id: text('SKU ID'),
          props: {
            type: 'array',
            items: object({ name: text('Property, e.g. 颜色'), value: text('Value, e.g. 黑色') }),
          },
          props_text: text('The properties in one line, e.g. 颜色:黑色;尺码:XL'),
          price: money('SKU price'),
          stock: integer('SKU stock'),
          image: text("The SKU's own picture (its colour's), when the platform has one"),
        }),
      },
      seller: object({
        id: text('Seller ID'),
        nick: text('Seller nickname'),
        shop_name: text('Seller shop name'),
        location: text('Seller location'),
      }),
      china_freight: {
        type: ['integer', 'null'],
        description:
          "The seller's domestic (China) shipping in minor units of `currency`; 0 is free shipping, null when the marketplace does not say",
      },
      min_quantity: {
        type: 'integer',
        description: "The least quantity the seller sells (1688's minimum order); 1 when the marketplace sets none",
      },
    },
    'item_get: one item with its SKUs and seller',
  ),
  OpenApiSearchPage: object(
    {
      platform: { type: 'string', enum: [...LOG_PLATFORMS] },
      query: text('The keyword searched (q)'),
      page: integer('Page number, from 1'),
      page_size: integer('Items per page'),
      total: integer('Items matching the keyword'),
      items: {
        type: 'array',
        items: object({
          item_id: text('Item ID (num_iid for item_get)'),
          title: text('Item title'),
          url: text('Item page on the platform'),
          price: money('Price'),
          currency: text('ISO 4217 code'),
          image: text('Main image URL'),
          sales: integer('Units sold'),
          seller_nick: text('Seller nickname'),
        }),
      },
    },
    'item_search: one page of items matching a keyword',
  ),
};

/** The call's body for each API family, from the contract's parameter schemas, and for other APIs. */
const bodySchemas = () => [
  ...OPEN_API_PARAM_SCHEMAS.map(({ title, description, schema }) => ({
    ...jsonSchema(schema, 'input'),
    title,
    description,
  })),
  {
    type: 'object',
    title: 'other APIs',
    description:
      `Any other API of the catalogue: its parameters are passed to the data source as they are. At most ` +
      `${OPEN_API_PARAMS_MAX} parameters; names of letters, digits and _ (up to 40); values strings, ` +
      `numbers or booleans of up to ${OPEN_API_PARAM_VALUE_MAX} characters; ` +
      `${OPEN_API_RESERVED_PARAMS.join(', ').replace(/, ([^,]+)$/, ' and $1')} are reserved.`,
    additionalProperties: {
      oneOf: [{ type: 'string', maxLength: OPEN_API_PARAM_VALUE_MAX }, { type: 'number' }, { type: 'boolean' }],
    },
  },
];

function errorTable() {
  const rows = METERED_OPEN_API_ERRORS.map(
    ({ key, when }) => `| ${ErrorCode[key]} | ${key} | ${errorMessages[key]['en-US']} | ${when} |`,
  );
  return ['| code | name | msg (en-US) | when |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The path item of the metered call and the security schemes it names. */
export function buildMeteredApiReference() {
  const envelope = (data: unknown, codeDescription: string) => ({
    type: 'object',
    properties: {
      code: { type: 'integer', description: codeDescription },
      msg: { type: 'string', description: 'In the language of lang_code or Accept-Language' },
      data,
    },
    required: ['code', 'msg', 'data'],
  });
  const errorCodes = METERED_OPEN_API_ERRORS.map(({ key }) => ErrorCode[key]);
  const operation = {
    summary: 'Product data from a platform, metered against the store’s traffic packages',
    description: [
      `Calls an API of the catalogue on a platform with a store's API key (\`${OPEN_API_KEY_PREFIX}…\`, ` +
        `from Traffic → API keys). The key goes in the \`${OPEN_API_KEY_HEADER}\` header or as ` +
        `\`Authorization: Bearer <key>\`.`,
      "A call costs the API's units, taken from an active package: the store's own packages first, then " +
        'general ones, the earliest to expire first. Every call with a valid key is logged; only successful ' +
        'calls are charged.',
      'The answer is always HTTP 200 with `{ code, msg, data }`: `code` 200 is success, any other code is one of the following.',
      '',
      errorTable(),
    ].join('\n\n'),
    operationId: 'callOpenApi',
    tags: ['open'],
    security: [{ openApiKey: [] }, { openApiBearer: [] }],
    parameters: [
      {
        name: 'platform',
        in: 'path',
        required: true,
        description: 'The platform; micro_store is Weidian',
        schema: { type: 'string', enum: [...LOG_PLATFORMS] },
      },
      {
        name: 'api_code',
        in: 'path',
        required: true,
        description: 'A code of the API catalogue, e.g. item_get, item_search',
        schema: { type: 'string', pattern: OPEN_API_CODE_PATTERN.source, example: 'item_get' },
      },
      {
        name: 'Accept-Language',
        in: 'header',
        required: false,
        description: 'Language of msg when the body has no lang_code',
        schema: { type: 'string', enum: ['zh-CN', 'en-US'] },
      },
    ],
    requestBody: {
      required: false,
      description:
        'The call’s parameters as a JSON object (an empty body is an empty object); lang_code chooses the language of msg and is not passed on.',
      content: {
        'application/json': {
          schema: { oneOf: bodySchemas() },
          examples: {
            item_get: { summary: 'POST /open/v1/taobao/item_get', value: { num_iid: '520813250866' } },
            item_search: { summary: 'POST /open/v1/1688/item_search', value: { q: '保温杯', page: 1, page_size: 20 } },
          },
        },
      },
    },
    responses: {
      200: {
        description: '`code` 200: the data. Any other code: a failure from the table above, `msg` says why.',
        content: {
          'application/json': {
            schema: {
              oneOf: [
                envelope(
                  {
                    oneOf: [
                      { $ref: '#/components/schemas/OpenApiItem' },
                      { $ref: '#/components/schemas/OpenApiSearchPage' },
                      { type: 'object', description: "Other APIs: the data source's answer without its envelope" },
                    ],
                  },
                  '200',
                ),
                envelope(
                  {
                    type: ['object', 'null'],
                    properties: {
                      retry_after: {
                        type: 'integer',
                        description: `Seconds to wait (${ErrorCode.TOO_MANY_REQUESTS} only)`,
                      },
                      request_id: {
                        type: 'string',
                        description: `The request id to quote to support (${ErrorCode.SERVER_ERROR} only)`,
                      },
                    },
                  },
                  `A failure: ${errorCodes.join(', ')}`,
                ),
              ],
            },
            examples: {
              quota: {
                summary: `${ErrorCode.OPEN_QUOTA_EXHAUSTED} quota exhausted`,
                value: {
                  code: ErrorCode.OPEN_QUOTA_EXHAUSTED,
                  msg: errorMessages.OPEN_QUOTA_EXHAUSTED['en-US'],
                  data: null,
                },
              },
              rate: {
                summary: `${ErrorCode.TOO_MANY_REQUESTS} too many requests`,
                value: {
                  code: ErrorCode.TOO_MANY_REQUESTS,
                  msg: errorMessages.TOO_MANY_REQUESTS['en-US'],
                  data: { retry_after: 1 },
                },
              },
            },
          },
        },
      },
    },
  };
  return {
    paths: { [METERED_OPEN_API_PATH]: { post: operation } },
    securitySchemes: {
      openApiKey: {
        type: 'apiKey',
        in: 'header',
        name: OPEN_API_KEY_HEADER,
        description: `A store's API key (${OPEN_API_KEY_PREFIX}…)`,
      },
      openApiBearer: { type: 'http', scheme: 'bearer', description: 'The same store API key as a bearer token' },
    },
    schemas: METERED_OPEN_API_SCHEMAS,
  };
}
