import { translateIssue, type ValidationKey } from '@parlour/contract/i18n/validation';
import { AppError } from './app-error';

/**
 * A validation failure a service finds (a row that does not exist, a rule the schema cannot check),
 * answered like the schema's own: VALIDATION_FAILED naming the field, in both languages.
 */
export function fieldError(key: ValidationKey, path: string[]) {
  return new AppError('VALIDATION_FAILED', {
    messages: { 'zh-CN': translateIssue(key, path, 'zh-CN'), 'en-US': translateIssue(key, path, 'en-US') },
    data: { errors: [{ field: path.join('.') }] },
  });
}
