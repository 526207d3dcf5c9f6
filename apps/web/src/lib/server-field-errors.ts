import { ErrorCode } from '@parlour/contract/errors';
import type { FormInstance } from 'antd';
import { isApiError } from './api-error';
import { feedback } from './feedback';
import { errorMessageFor } from './request-error-config';

/**
 * The field errors of a refused call (`data.errors`, each `{ field, message }` with the field's
 * path in the input, e.g. `values.rate`) as antd `form.setFields` entries: those under `prefix`
 * with the prefix taken off. Empty when the failure names no field.
 */
export function serverFieldErrors(error: unknown, prefix = ''): { name: string; errors: string[] }[] {
  if (!isApiError(error)) return [];
  const list = (error.data as { errors?: { field?: unknown; message?: unknown }[] } | null | undefined)?.errors;
  if (!Array.isArray(list)) return [];
  const byField = new Map<string, string[]>();
  for (const entry of list) {
    if (typeof entry.field !== 'string' || typeof entry.message !== 'string' || !entry.field.startsWith(prefix))
      continue;
    const name = entry.field.slice(prefix.length);
    if (!name) continue;
    byField.set(name, [...(byField.get(name) ?? []), entry.message]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}

/**
 * Shows a refused write on its form: each refused field's message on the field (`toName` turns the
 * field's path in the input, split at its dots, into the form's name of it) and a message saying
 * so; a refusal naming no field shows its own message. Answers whether it was a refusal. Other
 * failures were already shown by the request layer (the call opted out of VALIDATION_FAILED only).
 */
export function showServerFieldErrors(
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  {
    formErrorMessage,
    toName = (path) => path,
  }: {
    /** "Please check the fields marked in red", in the interface language. */
    formErrorMessage: string;
    toName?: (path: string[]) => (string | number)[];
  },
): boolean {
  if (!isApiError(error) || error.code !== ErrorCode.VALIDATION_FAILED) return false;
  const fields = serverFieldErrors(error).map(({ name, errors }) => ({ name: toName(name.split('.')), errors }));
  if (fields.length > 0) {
    form.setFields(fields);
    feedback.error(formErrorMessage);
  } else {
    feedback.error(errorMessageFor(error));
  }
  return true;
}
