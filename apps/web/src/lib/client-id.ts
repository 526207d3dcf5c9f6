import { CLIENT_ID_LENGTH } from '@parlour/contract/constants';

/** localStorage key of the client id sent with every call (spec §3). */
export const CLIENT_ID_STORAGE_KEY = 'parlour-client-id';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const CLIENT_ID_PATTERN = new RegExp(`^[A-Za-z0-9]{${CLIENT_ID_LENGTH}}$`);
/** Largest multiple of the alphabet size below 256: bytes above it are dropped so every character is equally likely. */
const UNBIASED_BYTE_LIMIT = 256 - (256 % ALPHABET.length);

export function isClientId(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_ID_PATTERN.test(value);
}

/** A fresh 21-character random alphanumeric id. */
export function createClientId(): string {
  let id = '';
  while (id.length < CLIENT_ID_LENGTH) {
    const bytes = crypto.getRandomValues(new Uint8Array(CLIENT_ID_LENGTH * 2));
    for (const byte of bytes) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      id += ALPHABET[byte % ALPHABET.length];
      if (id.length === CLIENT_ID_LENGTH) break;
    }
  }
  return id;
}

let memoryClientId: string | undefined;

/** The id of this browser: created once, then read back from localStorage. */
export function getClientId(): string {
  try {
    const stored = localStorage.getItem(CLIENT_ID_STORAGE_KEY);
    if (isClientId(stored)) return stored;
    const id = createClientId();
    localStorage.setItem(CLIENT_ID_STORAGE_KEY, id);
    return id;
  } catch {
    // Storage can be disabled (private mode, sandboxed frames): keep one id for this page's life.
    memoryClientId ??= createClientId();
    return memoryClientId;
  }
}
