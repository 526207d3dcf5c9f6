import type { Call } from '@parlour/contract/call';
import { canonicalJson } from '@parlour/contract/canonical-json';

/**
 * Idempotency-Keys of the console's writing calls. A submission gets a fresh key; the key stays
 * with the call and its fields until an answer arrives, so a retry after a timeout or a lost
 * connection, or a second click on the same form, sends the same key and the server runs the
 * call once (answering the first answer to the others). Once answered (success or refusal), the
 * next submission of the same fields is a new one and gets a new key.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const KEY_LENGTH = 32;
/** The server keeps a key's answer 24 hours; an unanswered key is not reused after this. */
const KEEP_UNANSWERED_MS = 12 * 60 * 60 * 1000;

interface PendingKey {
  key: string;
  createdAt: number;
  /** Requests using the key right now. */
  inFlight: number;
}

const pending = new Map<string, PendingKey>();

/** A fresh random key (works in insecure contexts too, unlike crypto.randomUUID). */
export function createIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_LENGTH));
  let key = '';
  // The slight bias of `% 62` does not matter: a key needs to be unique, not uniform.
  for (const byte of bytes) key += ALPHABET[byte % ALPHABET.length];
  return key;
}

/** What makes two submissions the same: the call, the signed-in user and the fields (any order, any language). */
export function submissionId(call: Call, fields: unknown, principal: string): string {
  const { lang_code: _lang, ...rest } = (fields && typeof fields === 'object' ? fields : {}) as Record<string, unknown>;
  return `${call.path}\n${principal}\n${canonicalJson(rest)}`;
}

/** The key for sending a submission now: the unanswered one of the same submission, or a new one. */
export function takeIdempotencyKey(id: string, now = Date.now()): string {
  let entry = pending.get(id);
  if (!entry || now - entry.createdAt > KEEP_UNANSWERED_MS) {
    entry = { key: createIdempotencyKey(), createdAt: now, inFlight: 0 };
    pending.set(id, entry);
  }
  entry.inFlight += 1;
  return entry.key;
}

/**
 * Called when a request with the key ends. `isAnswered`: the server gave its answer (kept for the
 * key), so the submission is over; otherwise (no answer, timeout, still in progress) the key stays
 * for the retry.
 */
export function releaseIdempotencyKey(id: string, isAnswered: boolean): void {
  const entry = pending.get(id);
  if (!entry) return;
  entry.inFlight -= 1;
  if (isAnswered && entry.inFlight <= 0) pending.delete(id);
}

/** Tests only. */
export function clearIdempotencyKeys(): void {
  pending.clear();
}
