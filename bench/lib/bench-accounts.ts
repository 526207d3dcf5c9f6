/** Accounts the generator creates and the benchmark signs in with. Benchmark data only: never a real deployment. */
export const BENCH_ADMIN = { account: 'admin', password: 'Admin@2026' } as const;
/** A typical merchant: the console's store limit of 5 stores, about ten bills per store. */
export const BENCH_DEMO_MERCHANT = { email: 'demo@bench.parlour.test', password: 'Bench@2026' } as const;
/** The merchant with the most stores (a reseller agency, a few thousand stores): the worst case of a merchant's lists. */
export const BENCH_AGENCY_MERCHANT = { email: 'agency@bench.parlour.test', password: 'Bench@2026' } as const;

/** Sizes of the generated data; the target by default, smaller for a quick look. */
export function benchSizes(env: NodeJS.ProcessEnv = process.env) {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
    return value;
  };
  return {
    merchants: read('BENCH_MERCHANTS', 2_000),
    stores: read('BENCH_STORES', 100_000),
    bills: read('BENCH_BILLS', 1_000_000),
  };
}
export type BenchSizes = ReturnType<typeof benchSizes>;
