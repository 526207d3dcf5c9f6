import { createHash } from 'node:crypto';

/** Characters of a refused payload kept to show an operator what it looked like. */
export const PAYLOAD_HEAD_CHARS = 256;

/** What is stored of a payload we refuse: its size, its SHA-256 and its first characters, never the whole. */
export interface PayloadDigest {
  bytes: number;
  sha256: string;
  head: string;
  is_truncated: boolean;
}

/**
 * A bounded digest of a request body (docs/SECURITY.md, Unauthenticated endpoints): an
 * unauthenticated endpoint stores this, not what a stranger sent, so refused requests cannot grow a
 * table by more than a few hundred bytes each.
 */
export function payloadDigest(body: unknown): PayloadDigest {
  let text: string;
  try {
    text = JSON.stringify(body ?? null) ?? '';
  } catch {
    text = String(body);
  }
  const bytes = Buffer.byteLength(text, 'utf8');
  // JSON text escapes NUL and lone surrogates; a cut through a surrogate pair must not leave half of one (jsonb refuses it).
  const head = text.slice(0, PAYLOAD_HEAD_CHARS).replace(/[\uD800-\uDBFF]$/, '');
  return {
    bytes,
    sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
    head,
    is_truncated: text.length > PAYLOAD_HEAD_CHARS,
  };
}

/** A short label taken from an untrusted field (a bill number from a refused notification). */
export function boundedText(value: unknown, maxLength = 64): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, maxLength) : '';
}
