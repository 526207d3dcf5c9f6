import type { Config } from '../../config';
import type { App } from '../../app';

export const DEMO_MERCHANT = { email: 'demo@parlour.dev', password: 'Demo@2026' } as const;

/**
 * Creates the operator account from ADMIN_ACCOUNT / ADMIN_PASSWORD when missing, and on a first start
 * with SEED_DEMO not false, a demo merchant so every screen has something real to show.
 */
export async function seedDatabase(app: App, config: Config) {
  await app.services.accounts.ensureAdmin(config.adminAccount, config.adminPassword);
  if (!config.seedDemo) return { demoSeeded: false };
  const demoSeeded = await app.services.accounts.ensureDemoMerchant(DEMO_MERCHANT.email, DEMO_MERCHANT.password);
  return { demoSeeded };
}
