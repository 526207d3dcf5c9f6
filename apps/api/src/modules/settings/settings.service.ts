import { randomBytes } from 'node:crypto';
import { DEFAULT_PLATFORM_RULES } from '@parlour/contract/constants';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformSettings } from '../../db/schema/index';

export type PlatformRules = { -readonly [K in keyof typeof DEFAULT_PLATFORM_RULES]: number };

const RULES_KEY = 'platform_rules';

/**
 * Platform settings kept in the database so every API process reads the same values. Platform
 * rules fall back to their defaults (the operator's settings screen edits them); signing keys are
 * generated on first use and shared by all processes.
 */
export function createSettingsService(deps: { db: Db }) {
  const { db } = deps;
  const keyCache = new Map<string, Buffer>();

  return {
    /** Pass the transaction when inside one: the embedded database has a single connection. */
    async getPlatformRules(executor: Db = db): Promise<PlatformRules> {
      const [row] = await executor.select().from(platformSettings).where(eq(platformSettings.key, RULES_KEY)).limit(1);
      return { ...DEFAULT_PLATFORM_RULES, ...((row?.value as Partial<PlatformRules> | undefined) ?? {}) };
    },

    async setPlatformRules(rules: Partial<PlatformRules>) {
      const merged = { ...(await this.getPlatformRules()), ...rules };
      await db
        .insert(platformSettings)
        .values({ key: RULES_KEY, value: merged })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value: merged, updated_at: new Date() } });
      return merged;
    },

    /** A 32-byte secret named `name`, created once for the whole platform (first writer wins). */
    async getSigningKey(name: string): Promise<Buffer> {
      const cached = keyCache.get(name);
      if (cached) return cached;
      const key = `signing_key:${name}`;
      await db
        .insert(platformSettings)
        .values({ key, value: randomBytes(32).toString('base64') })
        .onConflictDoNothing({ target: platformSettings.key });
      const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key)).limit(1);
      const secret = Buffer.from(String(row.value), 'base64');
      keyCache.set(name, secret);
      return secret;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
