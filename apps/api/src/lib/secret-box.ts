import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest (SMTP password, SMS secret, webhook URLs, provider keys) are sealed with
 * AES-256-GCM under SECRETS_KEY: `v1:<iv>.<tag>.<ciphertext>`, each part base64url. The version
 * prefix lets a later format or key coexist with this one. A stored value without the prefix is a
 * legacy plaintext: it opens as itself and is sealed the next time it is saved.
 */
export const SEALED_PREFIX = 'v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The fixed key used when SECRETS_KEY is not set outside production. Anyone with the source can
 * read it, so it only keeps secrets out of casual view in development databases.
 */
export const DEVELOPMENT_SECRETS_KEY = createHash('sha256')
  .update('parlour development secrets key (not for production)')
  .digest();

/** SECRETS_KEY as 64 hex characters or base64/base64url of exactly 32 bytes; throws naming the variable otherwise. */
export function parseSecretsKey(value: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)
      ? Buffer.from(text.replaceAll('-', '+').replaceAll('_', '/'), 'base64')
      : undefined;
  if (!key || key.length !== KEY_BYTES) {
    throw new Error(
      'SECRETS_KEY must be 32 bytes written as 64 hex characters or base64 (e.g. `openssl rand -base64 32`)',
    );
  }
  return key;
}

export class SecretUnreadableError extends Error {
  constructor() {
    super('A stored secret cannot be opened with the current SECRETS_KEY (was the key changed?)');
    this.name = 'SecretUnreadableError';
  }
}

/** Seals and opens secrets under one 32-byte key. */
export function createSecretBox(key: Buffer) {
  if (key.length !== KEY_BYTES) throw new Error(`secret box key must be ${KEY_BYTES} bytes`);
  return {
    /** The value sealed for storage; an empty value stays empty (a secret that is not set). */
    sealSecret(value: string): string {
      if (!value) return '';
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${SEALED_PREFIX}${iv.toString('base64url')}.${tag.toString('base64url')}.${ciphertext.toString('base64url')}`;
    },

    /**
     * The plaintext of a stored value: sealed values are decrypted and authenticated, legacy
     * plaintext (no prefix) is answered as it is. Throws SecretUnreadableError when a sealed value
     * was tampered with or sealed under another key.
     */
    openSecret(stored: string): string {
      if (!stored || !stored.startsWith(SEALED_PREFIX)) return stored ?? '';
      const [ivText, tagText, ciphertextText, ...rest] = stored.slice(SEALED_PREFIX.length).split('.');
      const iv = Buffer.from(ivText ?? '', 'base64url');
      const tag = Buffer.from(tagText ?? '', 'base64url');
      if (rest.length || ciphertextText === undefined || iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
        throw new SecretUnreadableError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretUnreadableError();
      }
    },

    /** Whether a stored value is sealed (not legacy plaintext). */
    isSealed(stored: string): boolean {
      return stored.startsWith(SEALED_PREFIX);
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
