import type { Call } from '@parlour/contract/call';
import { canonicalJson } from '@parlour/contract/canonical-json';
import { randomAlphanumeric } from './client-id';

/**
 * Idempotency-Keys of the console's writing calls. A submission gets a fresh key; the key stays
 * with the call and its fields until an answer arrives, so a retry after a timeout or a lost
 * connection, or a second click on the same form, sends the same key and the server runs the
 * call once (answering the first answer to the others). Once answered (success or refusal), the
 * next submission of the same fields is a new one and gets a new key.
 */

const KEY_LENGTH = 32;
/** The server keeps a key's answer 24 hours; an unanswered key is not reused after this. */
const KEEP_UNANSWERED_MS = 12 * 60 * 60 * 1000;

interface PendingKey {
  key: string;
  createdAt: number;
}

const pending = new Map<string, PendingKey>();

/** A fresh random key (works in insecure contexts too, unlike crypto.randomUUID). */
export function createIdempotencyKey(): string {
  return randomAlphanumeric(KEY_LENGTH);
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
    entry = { key: createIdempotencyKey(), createdAt: now };
    pending.set(id, entry);
  }
  return entry.key;
}

/**
 * Called when the request with the key ends (the request layer sends one request per submission at
 * a time). `isAnswered`: the server gave its answer (kept for the key), so the submission is over;
 * otherwise (no answer, timeout, still in progress) the key stays for the retry.
 */
export function releaseIdempotencyKey(id: string, isAnswered: boolean): void {
  if (isAnswered) pending.delete(id);
}

/** Tests only. */
export function clearIdempotencyKeys(): void {
  pending.clear();
}
