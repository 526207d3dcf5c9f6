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

/** A random string of `length` letters and digits, every character equally likely (works outside secure contexts too). */
export function randomAlphanumeric(length: number): string {
  let text = '';
  while (text.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      text += ALPHABET[byte % ALPHABET.length];
      if (text.length === length) break;
    }
  }
  return text;
}

/** A fresh 21-character random alphanumeric id. */
export function createClientId(): string {
  return randomAlphanumeric(CLIENT_ID_LENGTH);
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
