import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_IMAGE_MAX_BYTES, UPLOADS_URL_PREFIX, type TUploadedImage } from '@parlour/contract/calls/settings';
import { AppError } from '../../../lib/app-error';
import type { UploadRepository, UploadRow } from './upload.repository';

type ImageMime = UploadRow['mime'];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EXTENSIONS: Record<ImageMime, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
/** Names we hand out: 32 hex characters and the extension of the detected type. */
const FILE_NAME_PATTERN = /^[a-f0-9]{32}\.(png|jpg)$/;

/** The original name as recorded: at most 200 characters, counted by code point so no surrogate pair is cut in two. */
function storableName(name: string): string {
  return Array.from(name).slice(0, 200).join('');
}

/**
 * The image type by content (spec §5: JPG and PNG only, whatever the name says): PNG's 8-byte
 * signature followed by an IHDR chunk, or JPEG's SOI marker followed by another marker.
 */
export function detectImageType(bytes: Buffer): ImageMime | undefined {
  if (
    bytes.length > 16 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.subarray(12, 16).toString('latin1') === 'IHDR'
  )
    return 'image/png';
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

export const uploadTooLarge = () =>
  new AppError('UPLOAD_FORMAT_INVALID', {
    messages: {
      'zh-CN': `图片不能超过 ${UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
      'en-US': `The image must be at most ${UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
    },
  });

/** Who uploaded an image: an operator, or a merchant (their stores' logo and icon). */
export type Uploader = { role: 'admin'; id: number } | { role: 'merchant'; id: number };

/** Image uploads (logo, icon, screenshots): checked by content, stored under a random name. */
export function createUploadService(deps: { repository: UploadRepository; uploadDir: string }) {
  const { repository, uploadDir } = deps;

  return {
    async saveImage(options: { bytes: Buffer; originalName: string; uploader: Uploader }): Promise<TUploadedImage> {
      if (options.bytes.length > UPLOAD_IMAGE_MAX_BYTES) throw uploadTooLarge();
      const mime = detectImageType(options.bytes);
      if (!mime) throw new AppError('UPLOAD_FORMAT_INVALID');
      const fileName = `${randomBytes(16).toString('hex')}.${EXTENSIONS[mime]}`;
      await fs.mkdir(uploadDir, { recursive: true });
      // Written first, recorded second: a record always has its file. A failed record removes the
      // file again (docs/SECURITY.md, Input bounds: no orphan files); only a crash in between can
      // leave one.
      const filePath = path.join(uploadDir, fileName);
      await fs.writeFile(filePath, options.bytes, { flag: 'wx' });
      let row: UploadRow;
      try {
        row = await repository.insert({
          file_name: fileName,
          mime,
          size: options.bytes.length,
          sha256: createHash('sha256').update(options.bytes).digest('hex'),
          original_name: storableName(options.originalName),
          uploaded_by_admin_id: options.uploader.role === 'admin' ? options.uploader.id : null,
          uploaded_by_merchant_id: options.uploader.role === 'merchant' ? options.uploader.id : null,
        });
      } catch (error) {
        await fs.rm(filePath, { force: true });
        throw error;
      }
      return { url: `${UPLOADS_URL_PREFIX}${row.file_name}`, file_name: row.file_name, mime: row.mime, size: row.size };
    },

    /** The record and bytes of an uploaded image, or undefined for any name we did not hand out. */
    async readImage(fileName: string): Promise<{ row: UploadRow; bytes: Buffer } | undefined> {
      if (!FILE_NAME_PATTERN.test(fileName)) return undefined;
      const row = await repository.findByFileName(fileName);
      if (!row) return undefined;
      try {
        return { row, bytes: await fs.readFile(path.join(uploadDir, row.file_name)) };
      } catch {
        return undefined;
      }
    },

    async exists(fileName: string): Promise<boolean> {
      return FILE_NAME_PATTERN.test(fileName) && Boolean(await repository.findByFileName(fileName));
    },

    /**
     * Whether `merchantId` may put one of our images (`/uploads/<name>`) on a store: an image they
     * uploaded, or one an operator uploaded (an operator may have set it for them). Another
     * merchant's upload is refused, as is any name we did not hand out.
     */
    async isUsableByMerchant(fileName: string, merchantId: number): Promise<boolean> {
      if (!FILE_NAME_PATTERN.test(fileName)) return false;
      const row = await repository.findByFileName(fileName);
      return Boolean(row) && (row!.uploaded_by_merchant_id === null || row!.uploaded_by_merchant_id === merchantId);
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
