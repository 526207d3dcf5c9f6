import type { Lang } from '@parlour/contract/errors';
import { translateIssue, type ValidationKey } from '@parlour/contract/i18n/validation';
import { AppError } from './app-error';

/**
 * A validation failure a service finds (a row that does not exist, a rule the schema cannot check),
 * answered like the schema's own: VALIDATION_FAILED naming the field, in both languages. Given the
 * caller's language, `data.errors` carries the message too, so a console form shows it on the field.
 */
export function fieldError(key: ValidationKey, path: string[], lang?: Lang) {
  return new AppError('VALIDATION_FAILED', {
    messages: { 'zh-CN': translateIssue(key, path, 'zh-CN'), 'en-US': translateIssue(key, path, 'en-US') },
    data: { errors: [{ field: path.join('.'), ...(lang ? { message: translateIssue(key, path, lang) } : {}) }] },
  });
}
