import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Every advisory lock the app takes, in one list, so two features never share a key by accident.
 * Transaction locks are keyed by `hashtext(<name>)`; the migration lock is a fixed bigint.
 */
export const ADVISORY_LOCKS = {
  /** Store creation per merchant: the store limit and the store ID check hold under concurrent requests. */
  shopCreation: (merchantId: number) => `shops:merchant:${merchantId}`,
  /** Domain writes per store: the domain limit and the one primary hold under concurrent requests. */
  shopDomains: (shopRef: number) => `shop-domains:${shopRef}`,
  /** Sign-in failures per role and account. */
  login: (role: string, account: string) => `login:${role}:${account}`,
  /** Sign-in failures per IP over every role and account; taken after the account's lock, never before it. */
  loginPerIp: (ip: string) => `login-ip:${ip}`,
  /** Verification code sends and checks per target. */
  verificationCode: (target: string) => `code:${target}`,
  /** Verification code sends per IP over every target; taken after the target's lock, never before it. */
  codeSendsPerIp: (ip: string) => `code-ip:${ip}`,
  /** Prospect submissions per IP. */
  prospectsPerIp: (ip: string) => `prospects:ip:${ip}`,
  /** A store's purchase of one plugin: one bill, one trial, one install under concurrent requests. */
  pluginPurchase: (shopRef: number, pluginId: number) => `plugins:shop:${shopRef}:${pluginId}`,
  /** The usage fold's closed days, one fold at a time. */
  usageFold: () => 'parlour:usage-fold',
} as const;

/** Key of the session-level lock that keeps API processes from migrating one database at once (client.ts). */
export const MIGRATION_LOCK_KEY = 727274;

/** Takes a transaction-level advisory lock on `name` (one of ADVISORY_LOCKS), held until `tx` ends. */
export async function lockForTransaction(tx: Db, name: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}
