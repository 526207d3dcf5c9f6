import { randomBytes } from 'node:crypto';
import { DEFAULT_BUSINESS_TIME_ZONE } from '@parlour/contract/business-time';
import { DEFAULT_PLATFORM_RULES } from '@parlour/contract/constants';
import type { Db } from '../../db/client';
import { BUSINESS_TIME_ZONE_KEY } from '../../lib/business-days';
import type { SettingsRepository } from './settings.repository';

export type PlatformRules = { -readonly [K in keyof typeof DEFAULT_PLATFORM_RULES]: number };

const RULES_KEY = 'platform_rules';
/**
 * The store IDs the operator reserves beside the fixed list (`RESERVED_SHOP_IDS`,
 * packages/contract/src/constants.ts).
 */
const RESERVED_SHOP_IDS_KEY = 'reserved_shop_ids';
/** The platform rule requiring every operator to sign in with two factors (docs/SECURITY.md, Accounts). */
const ADMIN_TWO_FACTOR_KEY = 'admin_two_factor_required';
/** How long a process keeps the zone it read: the reports ask for it on every request. */
const TIME_ZONE_TTL_MS = 1000;

/** A stored settings value and when it last changed; undefined when never stored. */
export interface StoredValue<T> {
  value: T;
  updatedAt: Date;
}

/**
 * Platform settings kept in the database so every API process reads the same values. Platform
 * rules fall back to their defaults (the operator's settings screen edits them; `defaults` lets the
 * environment change a default, e.g. LOGIN_CAPTCHA_THRESHOLD); signing keys are generated on first
 * use and shared by all processes.
 */
export function createSettingsService(deps: { repository: SettingsRepository; defaults?: Partial<PlatformRules> }) {
  const { repository } = deps;
  const defaultRules: PlatformRules = { ...DEFAULT_PLATFORM_RULES, ...deps.defaults };
  const keyCache = new Map<string, Buffer>();
  let timeZone: { value: Promise<string>; expiresAt: number } | undefined;
  let twoFactorRule: { value: Promise<boolean>; expiresAt: number } | undefined;

  async function readValue<T>(key: string, executor?: Db): Promise<StoredValue<T> | undefined> {
    return (await repository.find(key, executor)) as StoredValue<T> | undefined;
  }

  function writeValue(key: string, value: unknown) {
    return repository.upsert(key, value);
  }

  return {
    /** Pass the transaction when inside one: the embedded database has a single connection. */
    async getPlatformRules(executor?: Db): Promise<PlatformRules> {
      const stored = await readValue<Partial<PlatformRules>>(RULES_KEY, executor);
      return { ...defaultRules, ...(stored?.value ?? {}) };
    },

    async setPlatformRules(rules: Partial<PlatformRules>) {
      const merged = { ...(await this.getPlatformRules()), ...rules };
      await writeValue(RULES_KEY, merged);
      return merged;
    },

    /** When the platform rules were last changed by an operator; undefined while they are the defaults. */
    async platformRulesUpdatedAt(): Promise<Date | undefined> {
      return (await readValue(RULES_KEY))?.updatedAt;
    },

    /** The operator's reserved store IDs (none until saved). Pass the transaction when inside one. */
    async getReservedShopIds(executor?: Db): Promise<string[]> {
      const stored = await readValue<unknown>(RESERVED_SHOP_IDS_KEY, executor);
      return Array.isArray(stored?.value) ? stored.value.filter((id): id is string => typeof id === 'string') : [];
    },

    async setReservedShopIds(ids: readonly string[]) {
      await writeValue(RESERVED_SHOP_IDS_KEY, [...ids]);
    },

    async reservedShopIdsUpdatedAt(): Promise<Date | undefined> {
      return (await readValue(RESERVED_SHOP_IDS_KEY))?.updatedAt;
    },

    /** The business time zone (IANA name), read at most once a second per process. */
    getBusinessTimeZone(): Promise<string> {
      const nowMs = Date.now();
      if (!timeZone || timeZone.expiresAt <= nowMs) {
        const value = readValue<string>(BUSINESS_TIME_ZONE_KEY).then((stored) =>
          typeof stored?.value === 'string' && stored.value ? stored.value : DEFAULT_BUSINESS_TIME_ZONE,
        );
        // A failed read is not kept.
        value.catch(() => (timeZone = undefined));
        timeZone = { value, expiresAt: nowMs + TIME_ZONE_TTL_MS };
      }
      return timeZone.value;
    },

    /** Whether the database knows `zone` too (its own copy of the zone data), so its day arithmetic never fails on a saved zone. */
    isTimeZoneKnownToDatabase(zone: string): Promise<boolean> {
      return repository.isTimeZoneKnown(zone);
    },

    async setBusinessTimeZone(zone: string) {
      await writeValue(BUSINESS_TIME_ZONE_KEY, zone);
      timeZone = undefined;
    },

    /** When the business time zone was last changed; undefined while it is the default. */
    async businessTimeZoneUpdatedAt(): Promise<Date | undefined> {
      return (await readValue(BUSINESS_TIME_ZONE_KEY))?.updatedAt;
    },

    /**
     * Whether every operator must sign in with two factors. Read on every operator call, so kept at
     * most a second per process: a change holds everywhere within a second.
     */
    isAdminTwoFactorRequired(): Promise<boolean> {
      const nowMs = Date.now();
      if (!twoFactorRule || twoFactorRule.expiresAt <= nowMs) {
        const value = readValue<boolean>(ADMIN_TWO_FACTOR_KEY).then((stored) => stored?.value === true);
        value.catch(() => (twoFactorRule = undefined));
        twoFactorRule = { value, expiresAt: nowMs + TIME_ZONE_TTL_MS };
      }
      return twoFactorRule.value;
    },

    async setAdminTwoFactorRequired(isRequired: boolean) {
      await writeValue(ADMIN_TWO_FACTOR_KEY, isRequired);
      twoFactorRule = undefined;
    },

    async adminTwoFactorRuleUpdatedAt(): Promise<Date | undefined> {
      return (await readValue(ADMIN_TWO_FACTOR_KEY))?.updatedAt;
    },

    /** A settings group other than the platform rules (site, mail, sms, wecom), as stored. */
    getGroup<T>(group: string): Promise<StoredValue<T> | undefined> {
      return readValue<T>(`config:${group}`);
    },

    setGroup(group: string, value: unknown): Promise<void> {
      return writeValue(`config:${group}`, value);
    },

    /**
     * A module's own platform-wide value under `key` (the product-data provider's configuration), as
     * stored; modules keep such values here rather than writing platform_settings themselves.
     */
    getValue<T>(key: string): Promise<StoredValue<T> | undefined> {
      return readValue<T>(key);
    },

    /** Stores a module's platform-wide value, changed at `now` (the module's clock). */
    setValue(key: string, value: unknown, now: Date): Promise<void> {
      return repository.upsert(key, value, now);
    },

    /** A 32-byte secret named `name`, created once for the whole platform (first writer wins). */
    async getSigningKey(name: string): Promise<Buffer> {
      const cached = keyCache.get(name);
      if (cached) return cached;
      const stored = await repository.insertOnce(`signing_key:${name}`, randomBytes(32).toString('base64'));
      const secret = Buffer.from(String(stored), 'base64');
      keyCache.set(name, secret);
      return secret;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
