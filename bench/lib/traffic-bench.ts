import type { Db } from '../../apps/api/src/db/client';
import { systemClock } from '../../apps/api/src/lib/clock';
import { createSettingsRepository } from '../../apps/api/src/platform/settings/settings.repository';
import { createSettingsService } from '../../apps/api/src/platform/settings/settings.service';
import { createUsageFold } from '../../apps/api/src/modules/traffic/traffic-report/usage-fold';
import { createUsageFoldRepository } from '../../apps/api/src/modules/traffic/traffic-report/usage-fold.repository';
/** The traffic benchmark's own database: recreated by bench/generate-traffic.ts, so its name must say "bench". */
export const DEFAULT_TRAFFIC_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/parlour_traffic_bench';

export function trafficBenchDatabaseUrl(): string {
  return process.env.BENCH_TRAFFIC_DATABASE_URL || DEFAULT_TRAFFIC_BENCH_DATABASE_URL;
}

/** Sizes of the generated traffic; the 5,000,000 log rows by default, smaller for a quick look. */
export function trafficBenchSizes(env: NodeJS.ProcessEnv = process.env) {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
    return value;
  };
  return {
    merchants: read('BENCH_TRAFFIC_MERCHANTS', 1_000),
    stores: read('BENCH_TRAFFIC_STORES', 5_000),
    activeStores: read('BENCH_TRAFFIC_ACTIVE_STORES', 1_500),
    logs: read('BENCH_TRAFFIC_LOGS', 5_000_000),
    days: read('BENCH_TRAFFIC_DAYS', 90),
  };
}
export type TrafficBenchSizes = ReturnType<typeof trafficBenchSizes>;

/** The usage-fold job as the app builds it: closed days of the business time zone into the compact roll-ups the reports read. */
export function createBenchUsageFold(db: Db) {
  return createUsageFold({
    repository: createUsageFoldRepository(db),
    clock: systemClock,
    getTimeZone: createSettingsService({ repository: createSettingsRepository(db) }).getBusinessTimeZone,
  });
}
