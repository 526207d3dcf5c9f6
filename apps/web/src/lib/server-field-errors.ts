import { isApiError } from './api-error';

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
