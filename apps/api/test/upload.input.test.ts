import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@parlour/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadService } from '../src/modules/content/upload/upload.service';
import { buildTestApp, type TestApp } from './helper';
import { IMAGES, UPLOAD_URL } from './settings-fakes';
import { signInAdmin } from './shop-helper';

/**
 * Input bounds (docs/SECURITY.md): a broken multipart body and hostile file names are refused with
 * the validation error naming the field, never a server error, and leave no file behind.
 */

const BOUNDARY = '----parlour-fuzz-boundary';

/** A multipart body with one `file` part, its closing boundary optional; the file name is written raw (UTF-8). */
function multipartBody(options: { name: string; bytes: Buffer; isClosed: boolean; lang?: string }) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="lang_code"\r\n\r\n${options.lang ?? 'en-US'}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${options.name}"\r\nContent-Type: image/png\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(options.isClosed ? `\r\n--${BOUNDARY}--\r\n` : '\r\n', 'utf8');
  return Buffer.concat([head, options.bytes, tail]);
}

describe('[UPLOAD] hostile multipart bodies', () => {
  let t: TestApp;
  let admin: string;
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-upload-'));
    t = await buildTestApp({ env: { UPLOAD_DIR: uploadDir } });
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  async function upload(payload: Buffer) {
    const response = await t.app.inject({
      method: 'POST',
      url: UPLOAD_URL,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${admin}` },
    });
    return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: unknown }) };
  }
  const filesOnDisk = () => (fs.existsSync(uploadDir) ? fs.readdirSync(uploadDir) : []);
  const uploadRows = async () =>
    Number(((await t.database.executeSql('select count(*)::int as n from uploads')).rows[0] as { n: number }).n);

  it('refuses a body without its closing boundary naming the file field, and keeps no file', async () => {
    const rowsBefore = await uploadRows();
    for (const lang of ['en-US', 'zh-CN']) {
      const answer = await upload(multipartBody({ name: 'logo.png', bytes: IMAGES.png, isClosed: false, lang }));
      expect(answer.status).toBe(200);
      expect(answer.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(answer.msg).toContain(lang === 'en-US' ? 'File' : '文件');
      expect(answer.data).toMatchObject({ errors: [{ field: 'file' }] });
    }
    expect(filesOnDisk()).toEqual([]);
    expect(await uploadRows()).toBe(rowsBefore);
  });

  it('refuses a file name holding a NUL or a lone surrogate naming the field, and keeps no file', async () => {
    const rowsBefore = await uploadRows();
    for (const name of ['logo\u0000.png', 'logo\ud800.png']) {
      // The name as a browser would send it: a lone surrogate cannot be UTF-8, so it arrives as what it
      // decodes to; a NUL arrives raw.
      const answer = await upload(multipartBody({ name, bytes: IMAGES.png, isClosed: true }));
      expect(answer.status).toBe(200);
      expect(answer.code).not.toBe(ErrorCode.SERVER_ERROR);
      if (answer.code !== ErrorCode.OK) {
        expect(answer.code).toBe(ErrorCode.VALIDATION_FAILED);
        expect(answer.data).toMatchObject({ errors: [{ field: 'file' }] });
      }
    }
    // A NUL is always refused: no record, no file.
    const nul = await upload(multipartBody({ name: 'a\u0000b.png', bytes: IMAGES.png, isClosed: true }));
    expect(nul.code).toBe(ErrorCode.VALIDATION_FAILED);
    const accepted = (await uploadRows()) - rowsBefore;
    expect(filesOnDisk()).toHaveLength(accepted);
  });

  it('a failure after the file is written removes the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-upload-'));
    const uploads = createUploadService({
      repository: {
        insert: async () => {
          throw new Error('the database went away');
        },
        findByFileName: async () => undefined,
      },
      uploadDir: dir,
    });
    await expect(
      uploads.saveImage({ bytes: IMAGES.png, originalName: 'logo.png', uploader: { role: 'admin', id: 1 } }),
    ).rejects.toThrow('the database went away');
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
