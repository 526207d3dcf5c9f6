/**
 * Per-key rate protection, per API process: a token bucket per key (by its hash) refilled at
 * `perSecond` up to `burst`. It keeps one runaway store system from taking a process's database
 * connections; it is not metering (units are counted in the database) and it never decides what is
 * charged. Buckets of keys not seen for a while are dropped so the map stays small.
 */
export function createKeyRateLimit(options: {
  perSecond: number;
  burst: number;
  maxKeys?: number;
  now?: () => number;
}) {
  const now = options.now ?? (() => performance.now());
  const maxKeys = options.maxKeys ?? 10_000;
  const buckets = new Map<string, { tokens: number; at: number }>();

  return {
    /** Takes one token for `key`; answers 0 when allowed, else the seconds until the next token. */
    take(key: string): number {
      const time = now();
      let bucket = buckets.get(key);
      if (!bucket) {
        if (buckets.size >= maxKeys) {
          // The oldest entries first (a Map keeps insertion order; a used key is re-inserted below).
          for (const oldest of buckets.keys()) {
            buckets.delete(oldest);
            if (buckets.size < maxKeys / 2) break;
          }
        }
        bucket = { tokens: options.burst, at: time };
      } else {
        bucket.tokens = Math.min(options.burst, bucket.tokens + ((time - bucket.at) / 1000) * options.perSecond);
        bucket.at = time;
      }
      buckets.delete(key);
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / options.perSecond));
    },
  };
}
export type KeyRateLimit = ReturnType<typeof createKeyRateLimit>;
