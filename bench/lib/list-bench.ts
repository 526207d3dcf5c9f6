/**
 * The run of a list or report benchmark (stores-lists.ts, traffic-reports.ts): prepare the data,
 * start the servers, sign in as the operator and the two bench merchants, run the scenarios,
 * print the table and write the figures. A wrong answer fails the run; slowness is what the
 * table reports.
 */
import os from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN, BENCH_AGENCY_MERCHANT, BENCH_DEMO_MERCHANT } from './bench-accounts';
import { loadSettings, resultTable, runScenarios, signIn, startServers, writeResults, type Scenario } from './load-run';

/** Who a scenario calls as: the operator, the demo merchant (5 stores), the agency (thousands). */
export type BenchPrincipal = 'admin' | 'demo' | 'agency';

async function signInBenchAccounts(base: string): Promise<Record<BenchPrincipal, string>> {
  return {
    admin: await signIn(base, 'admin/member/user/login', BENCH_ADMIN.account, BENCH_ADMIN.password),
    demo: await signIn(base, 'merchant/member/user/login', BENCH_DEMO_MERCHANT.email, BENCH_DEMO_MERCHANT.password),
    agency: await signIn(
      base,
      'merchant/member/user/login',
      BENCH_AGENCY_MERCHANT.email,
      BENCH_AGENCY_MERCHANT.password,
    ),
  };
}

export async function runListBenchmark<S>(options: {
  /** The results file's prefix. */
  name: string;
  databaseUrl: string;
  /** Makes sure the data is there and answers the sample values the scenarios search for. */
  prepare: (databaseUrl: string) => Promise<S>;
  scenarios: (sample: S) => Array<Scenario<BenchPrincipal>>;
  targetMs: number;
  targetColumn: string;
}): Promise<void> {
  const { databaseUrl: url } = options;
  const settings = loadSettings();
  // The 1-minute load average before and after: other work on the machine shows in the figures.
  const loadBefore = os.loadavg()[0];
  const sample = await options.prepare(url);
  const { ports, pid, stop } = await startServers(url);
  let rows;
  try {
    const tokens = await signInBenchAccounts(`http://127.0.0.1:${ports.app}`);
    rows = await runScenarios({
      scenarios: options.scenarios(sample),
      ports,
      serverPid: pid,
      databaseUrl: url,
      tokens,
      settings,
    });
  } finally {
    stop();
  }

  const lines = resultTable(rows, {
    settings,
    loadBefore,
    targetMs: options.targetMs,
    targetColumn: options.targetColumn,
  });
  console.log(`\n${lines.join('\n')}`);
  const file = writeResults(options.name, rows, settings, loadBefore);
  console.log(`\nFigures written to ${path.relative(process.cwd(), file)}`);
  if (rows.some((row) => row.mismatches > 0)) process.exitCode = 1;
}
