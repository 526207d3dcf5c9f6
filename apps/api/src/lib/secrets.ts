import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 32 random bytes, URL-safe: session tokens and other bearer secrets. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are looked up by a SHA-256 of their value; the value itself is never stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A numeric code of `length` digits from the CSPRNG. */
export function newNumericCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += String(randomInt(0, 10));
  return code;
}

/**
 * Argon2id with the OWASP-recommended parameters (19 MiB, 2 passes, 1 lane). The memory cost is a
 * parameter so tests can lower it; the hash records its own parameters, so verification never needs them.
 */
export function createPasswordHasher(memoryCost: number) {
  return {
    hash: (password: string) => hash(password, { algorithm: 2, memoryCost, timeCost: 2, parallelism: 1 }),
    verify: (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false),
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
