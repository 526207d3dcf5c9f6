import { merchantLogin } from '@parlour/contract/calls/account';
import SwaggerParser from '@apidevtools/swagger-parser';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

/** Paths of every object key in the document where `keyword` occurs. */
function findKeyword(value: unknown, keyword: string, at = '#'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => findKeyword(item, keyword, `${at}/${index}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    ...(key === keyword ? [at] : []),
    ...findKeyword(child, keyword, `${at}/${key}`),
  ]);
}

/** Type errors of the given .ts files, compiled strictly (the standard library's declarations unchecked, for speed). */
function typeErrors(files: string[]): string[] {
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    allowImportingTsExtensions: true,
  };
  const program = ts.createProgram(files, options);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the OpenAPI document is valid', () => {
  let t: TestApp;
  let document: OpenAPI3;
  let directory: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-openapi-'));
  });
  afterAll(async () => {
    fs.rmSync(directory, { recursive: true, force: true });
    await t.close();
  });

  it('declares OpenAPI 3.1 and passes swagger-parser validation', async () => {
    expect(document.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('uses no OpenAPI 3.0 keyword that 3.1 dropped', () => {
    // 3.1 writes `type: [..., 'null']`; `nullable` would be silently ignored by 3.1 readers.
    expect(findKeyword(document, 'nullable')).toEqual([]);
  });

  it('generates a typed client with openapi-typescript that compiles', async () => {
    // .ts rather than .d.ts, so skipLibCheck does not skip it.
    const file = path.join(directory, 'parlour-api.ts');
    fs.writeFileSync(file, astToString(await openapiTS(document)));
    // A caller of the generated types: the login answer's token and the SERVER_ERROR request id are typed.
    const usage = path.join(directory, 'usage.ts');
    fs.writeFileSync(
      usage,
      [
        "import type { components, paths } from './parlour-api.ts';",
        `type LoginAnswer = paths['/api/v1/${merchantLogin.path}']['post']['responses'][200]['content']['application/json'];`,
        'export const token: string = ({} as LoginAnswer).data.userinfo.token;',
        "export const requestId: string = ({} as components['schemas']['ServerErrorData']).request_id;",
        '',
      ].join('\n'),
    );
    expect(typeErrors([file, usage])).toEqual([]);
  });
});
