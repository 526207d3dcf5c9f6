import { canonicalJson } from '@parlour/contract/canonical-json';
import { SECRET_FIELD_NAMES } from '@parlour/contract/calls/operations';

/**
 * Masking of secrets in audit rows (docs/SECURITY.md, Audit log). A field is secret when one of the
 * words of its name (split at `_`, `-`, `.` and camelCase) is one of SECRET_WORDS — `smtp_password`,
 * `access_key_secret`, `api_key`, `token_hash` — or when the contract marks it secret although its
 * name does not say so (SECRET_FIELD_NAMES: a WeCom webhook URL carries its key). Its value, at any
 * depth, is replaced by MASK; a boolean (`has_secret`, `smtp_password_is_set`), null and '' are kept,
 * since they only say whether a secret is set. Whether a secret changed is kept in `changed_fields`,
 * compared before masking; its value is never stored.
 */
export const MASK = '******';
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'secret',
  'secrets',
  'token',
  'tokens',
  'key',
  'keys',
  'credential',
  'credentials',
  'hash',
  'otp',
  'totp',
  'recovery',
  'private',
]);
const SECRET_NAMES = new Set<string>(SECRET_FIELD_NAMES);

function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function isSecretField(name: string): boolean {
  return SECRET_NAMES.has(name) || nameWords(name).some((word) => SECRET_WORDS.has(word));
}

function maskValue(value: unknown): unknown {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return value;
  return MASK;
}

/** A copy of `value` with every secret field's value masked, at any depth (arrays included). */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, field]) => [
      key,
      isSecretField(key) ? maskValue(field) : maskSecrets(field),
    ]),
  );
}

/** Top-level fields whose value differs between `before` and `after` (a field present on one side only counts). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((key) => canonicalJson(before?.[key] ?? null) !== canonicalJson(after?.[key] ?? null)).sort();
}
