import { OPEN_API_KEY_HEADER, OPEN_API_KEY_PREFIX } from '@parlour/contract/calls/open-core';
import { STORE_PLUGINS_PATH, ZStorePlugins } from '@parlour/contract/calls/plugin';
import { ErrorCode, errorMessages, type ErrorKey } from '@parlour/contract/errors';
import { jsonSchema } from './api-reference';

/**
 * The OpenAPI description of the store system's plugin call `POST /open/v1/plugins`
 * (docs/plugins.md): a store's enabled plugins, with the store's API key, not metered. Like the
 * metered call it lives outside the /api/v1 contract, so its operation is written here; its
 * answer's schema is the contract's ZStorePlugins, the shape the route answers. api-reference.test.ts
 * holds it to the route.
 */

/** Answers the call can give besides success. */
export const STORE_PLUGINS_ERRORS: ReadonlyArray<{ key: ErrorKey; when: string }> = [
  { key: 'OPEN_KEY_INVALID', when: 'No key, or a key of no store (a rotated key stops at once).' },
  { key: 'OPEN_KEY_SUSPENDED', when: 'The store’s merchant is disabled by an operator.' },
  { key: 'OPEN_STORE_NOT_RUNNING', when: 'The store is not on trial or operating: it has no features on.' },
  { key: 'MALFORMED_REQUEST', when: 'The body is not a JSON object.' },
  { key: 'SERVER_ERROR', when: 'An unexpected failure; try again later.' },
];

/** The path item of the plugin call (its security schemes are the metered call's openApiKey and openApiBearer). */
export function buildStorePluginsApiReference() {
  const rows = STORE_PLUGINS_ERRORS.map(
    ({ key, when }) => `| ${ErrorCode[key]} | ${key} | ${errorMessages[key]['en-US']} | ${when} |`,
  );
  const operation = {
    summary: 'The store’s enabled plugins, for the storefront to switch features on and off (not metered)',
    description: [
      `Answers the plugins enabled on the store whose API key (\`${OPEN_API_KEY_PREFIX}…\`, from Traffic → ` +
        `API keys) is in the \`${OPEN_API_KEY_HEADER}\` header or sent as \`Authorization: Bearer <key>\`: ` +
        `each by its code, with its version, how the store got it and, for a trial, when it ends (switch the ` +
        `feature off then). A disabled plugin and a trial past its end are left out.`,
      'The call is not metered: it takes no units from traffic packages and is not logged as an API call.',
      'The answer is always HTTP 200 with `{ code, msg, data }`: `code` 200 is success, any other code is one of the following.',
      '',
      ['| code | name | msg (en-US) | when |', '| --- | --- | --- | --- |', ...rows].join('\n'),
    ].join('\n\n'),
    operationId: 'listStorePlugins',
    tags: ['open'],
    security: [{ openApiKey: [] }, { openApiBearer: [] }],
    parameters: [
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
      description: 'An empty JSON object; lang_code chooses the language of msg.',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              lang_code: { type: 'string', enum: ['zh-CN', 'en-US', 'zh', 'en'], description: 'Language of msg' },
            },
            additionalProperties: false,
          },
          example: {},
        },
      },
    },
    responses: {
      200: {
        description:
          '`code` 200: the store and its enabled plugins. Any other code: a failure from the table above, `msg` says why.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                code: {
                  type: 'integer',
                  description: `200, or a failure: ${STORE_PLUGINS_ERRORS.map(({ key }) => ErrorCode[key]).join(', ')}`,
                },
                msg: { type: 'string', description: 'In the language of lang_code or Accept-Language' },
                data: {
                  oneOf: [
                    { $ref: '#/components/schemas/StorePlugins' },
                    { type: 'null' },
                    { $ref: '#/components/schemas/ServerErrorData' },
                  ],
                },
              },
              required: ['code', 'msg', 'data'],
            },
            examples: {
              plugins: {
                summary: 'Two enabled plugins, one on trial',
                value: {
                  code: 200,
                  msg: 'OK',
                  data: {
                    shop_id: 'a1b2c3d4',
                    plugins: [
                      { code: 'live_chat', version: '2.1.0', source: 'purchased', trial_ends_at: null },
                      {
                        code: 'currency_display',
                        version: '1.0.0',
                        source: 'trial',
                        trial_ends_at: '2026-12-01T08:00:00.000Z',
                      },
                    ],
                  },
                },
              },
              invalid: {
                summary: `${ErrorCode.OPEN_KEY_INVALID} unknown key`,
                value: { code: ErrorCode.OPEN_KEY_INVALID, msg: errorMessages.OPEN_KEY_INVALID['en-US'], data: null },
              },
            },
          },
        },
      },
    },
  };
  return {
    paths: { [STORE_PLUGINS_PATH]: { post: operation } },
    schemas: { StorePlugins: jsonSchema(ZStorePlugins, 'output') },
  };
}
