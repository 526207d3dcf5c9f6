import multipart from '@fastify/multipart';
import {
  MERCHANT_UPLOAD_IMAGE_PATH,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_IMAGE_PATH,
  UPLOADS_URL_PREFIX,
} from '@parlour/contract/calls/settings';
import { toLang, type Lang } from '@parlour/contract/errors';
import { hasUnsafeCharacter } from '@parlour/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error';
import type { CallRegistrar } from '../../../platform/register-call';
import { appErrorEnvelope, fieldValidationError, ok, requestLang } from '../../../plugins/envelope';
import type { IpRateLimit } from '../../../platform/rate-limit/ip-rate-limit.service';
import { uploadTooLarge, type UploadService } from './upload.service';

/** The upload routes: the operator's, and the merchant's (their stores' logo and icon, a budget per merchant). */
const UPLOAD_ROUTES = [
  { path: UPLOAD_IMAGE_PATH, role: 'admin' },
  { path: MERCHANT_UPLOAD_IMAGE_PATH, role: 'merchant' },
] as const;

/**
 * The image uploads of operators and merchants (multipart: a `file` part and `lang_code`, as the
 * console's request layer sends FormData) and the public serving of uploaded images. Multipart is
 * accepted on these routes only; every other call stays JSON.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  registrar: CallRegistrar,
  deps: { uploadService: UploadService; ipRateLimit: IpRateLimit },
) {
  const { uploadService, ipRateLimit } = deps;

  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One file of at most the limit (+1 byte, so "too large" is told apart from "exactly the limit").
      limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 200, parts: 6 },
    });

    for (const route of UPLOAD_ROUTES) {
      scope.post(`/api/v1/${route.path}`, async (request, reply) => {
        let lang: Lang = requestLang(request);
        const fail = (error: AppError) => reply.send(appErrorEnvelope(error, lang));
        let principal;
        try {
          principal = await registrar.requirePrincipal(request, route.role, route.path);
          // Counted before the body is read: a merchant past the budget uploads nothing more.
          if (route.role === 'merchant') await ipRateLimit.hit('merchant-upload', `merchant:${principal.userId}`);
        } catch (error) {
          if (error instanceof AppError) return fail(error);
          throw error;
        }
        if (!request.isMultipart()) return fail(new AppError('UPLOAD_FORMAT_INVALID'));

        let file: { bytes: Buffer; name: string } | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || file) {
                await part.toBuffer();
                continue;
              }
              const bytes = await part.toBuffer();
              if (part.file.truncated) throw uploadTooLarge();
              const name = part.filename ?? '';
              // A name PostgreSQL cannot store (NUL, lone surrogate) is refused like any field
              // (docs/SECURITY.md, Input bounds).
              if (hasUnsafeCharacter(name)) throw fieldValidationError(['file'], 'text_unsafe_character', lang);
              file = { bytes, name };
            } else if (part.fieldname === 'lang_code') {
              lang = toLang(part.value);
            }
          }
        } catch (error) {
          if (error instanceof AppError) return fail(error);
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') return fail(uploadTooLarge());
          if (code?.startsWith('FST_')) return fail(new AppError('UPLOAD_FORMAT_INVALID'));
          // Anything else here is the multipart parser failing on the body itself (busboy's "Unexpected
          // end of form" when the closing boundary never comes): the upload was cut off. Nothing was
          // written yet: files are written only after the whole body is read.
          request.log.info({ err: error }, 'incomplete multipart body');
          return fail(fieldValidationError(['file'], 'upload_incomplete', lang));
        }
        if (!file) return fail(new AppError('UPLOAD_FORMAT_INVALID'));
        try {
          return reply.send(
            ok(
              await uploadService.saveImage({
                bytes: file.bytes,
                originalName: file.name,
                uploader: { role: route.role, id: principal.userId },
              }),
              lang,
            ),
          );
        } catch (error) {
          if (error instanceof AppError) return fail(error);
          throw error;
        }
      });
    }
  });

  // Public: logos and icons appear on the public site. The headers keep a file from ever being run
  // as a page (nosniff + a sandboxing CSP), whatever a browser makes of its bytes.
  app.get<{ Params: { name: string } }>(`${UPLOADS_URL_PREFIX}:name`, async (request, reply) => {
    const image = await uploadService.readImage(request.params.name);
    if (!image)
      return reply
        .code(404)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .send('Not found');
    return (
      reply
        .header('content-type', image.row.mime)
        .header('content-length', image.bytes.length)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        // Names are random and never reused: the bytes behind one never change.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.bytes)
    );
  });
}
