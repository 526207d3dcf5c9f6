/**
 * Cold page loads of the console in Chromium (docs/decisions/0006-precompressed-console-build.md):
 * bytes on the wire and Largest Contentful Paint of /login, /index and the merchant store list.
 *
 *   npm run bench:pages                     # starts Parlour itself (fresh embedded database, demo seed)
 *   BENCH_URL=http://127.0.0.1:3000 npm run bench:pages   # a running Parlour with the demo seed
 *
 * Without BENCH_URL it starts `node scripts/start.mjs` (which builds the console when stale) on
 * BENCH_PORT (default 3390) with a fresh DATA_DIR, and stops it at the end. Each page is opened
 * BENCH_RUNS times (default 5) after one discarded warm-up load (the server's first answers), each
 * time in a fresh browser context with the HTTP cache disabled (CDP Network.setCacheDisabled), at
 * 1440 × 900. The store list is opened signed in as the demo merchant: the session the login call
 * answers is put in localStorage before the page loads, as a returning user's browser holds it.
 *
 * Per load: bytes received as Chromium counts them (CDP Network.loadingFinished encodedDataLength:
 * compressed body plus response headers) for scripts and for everything, the scripts' decoded size,
 * the number of requests, the encodings the scripts came with, the time the renderer's main thread was
 * busy from the navigation until the page settled and how much of it ran script (CDP Performance.getMetrics
 * TaskDuration and ScriptDuration: the CPU a load costs the browser), First Contentful Paint and LCP (the
 * last 'largest-contentful-paint' entry once the page shows its content, the network has been idle
 * for 500 ms and the entry has not changed for a second: entries arrive when their frame is
 * presented, late on a busy machine). BENCH_ACCEPT_ENCODING sets the header Chromium sends (CDP
 * Network.setExtraHTTPHeaders): `identity` makes the same server send everything uncompressed, as
 * before the build was precompressed. Prints a Markdown table of medians (LCP also min–max).
 * BENCH_PROFILE=<dir> adds one load per page under V8's sampling profiler (not counted in the table):
 * the profile is written there (`<page>.cpuprofile`, opens in Chromium's DevTools) and the main thread's
 * CPU by script file and by function is printed, to see where a page's time before its paint goes.
 * Settings: BENCH_URL, BENCH_PORT, BENCH_RUNS, BENCH_ACCEPT_ENCODING, BENCH_ONLY (a substring of page
 * names), BENCH_PROFILE, CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type CDPSession } from 'playwright-core';
import { callUrl } from '@parlour/contract/call';
import { merchantLogin, type TMerchantUserinfo } from '@parlour/contract/calls/account';
import { runMain } from './lib/run-main';

const repoRoot = path.resolve(import.meta.dirname, '..');
const DEMO_MERCHANT = { account: 'demo@parlour.dev', password: 'Demo@2026' };
/** apps/web/src/lib/session-store.ts: the persisted session's localStorage key and version. */
const SESSION_STORAGE_KEY = 'parlour-session';
const TARGET_LCP_MS = 1000;

interface PageCase {
  name: string;
  path: string;
  signedIn: boolean;
  /** What shows once the page has rendered its content (the network alone can be idle before: scripts still running). */
  ready: string;
}

const PAGES: PageCase[] = [
  { name: '/login', path: '/login', signedIn: false, ready: 'form button[type="submit"]' },
  { name: '/index', path: '/index', signedIn: false, ready: 'h1.hero__title' },
  { name: '/merchant/store (demo merchant)', path: '/merchant/store', signedIn: true, ready: '.ant-table-row' },
];

interface LoadFigures {
  lcpMs: number;
  /** The LCP element: tag, first class, text, area. */
  lcpElement: string;
  fcpMs: number;
  jsWireBytes: number;
  jsDecodedBytes: number;
  jsFiles: number;
  totalWireBytes: number;
  requests: number;
  /** Content-Encoding of the scripts, e.g. { br: 37 } or { identity: 37 }. */
  jsEncodings: Record<string, number>;
  /** The renderer's main thread from navigation until the page settled (CDP Performance metrics): busy, and running script. */
  mainThreadMs: number;
  scriptMs: number;
}

function positiveInteger(name: string, fallback: number) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

async function waitForHealth(baseUrl: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before answering`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no answer from ${baseUrl}/healthz within ${timeoutMs / 1000} s`);
}

/** Parlour on a fresh embedded database with the demo seed, as `npm start` runs it. */
async function startServer() {
  const port = positiveInteger('BENCH_PORT', 3390);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-bench-pages-'));
  const server = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, 300_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** The demo merchant's persisted session, as the console's login page would leave it. */
async function demoMerchantSession(baseUrl: string) {
  const response = await fetch(`${baseUrl}${callUrl(merchantLogin)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: DEMO_MERCHANT.account, password: DEMO_MERCHANT.password, lang_code: 'zh-CN' }),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: { userinfo: TMerchantUserinfo } };
  if (answer.code !== 200) throw new Error(`demo merchant login: ${answer.code} ${answer.msg} (is the demo seed on?)`);
  const { token, expires_at: expiresAt, ...info } = answer.data.userinfo;
  const empty = { token: null, expiresAt: null, info: null, menus: null };
  return JSON.stringify({
    state: { loginType: 'merchant', lang: 'zh-CN', merchant: { token, expiresAt, info, menus: null }, admin: empty },
    version: 1,
  });
}

/** Counts what each response of the page cost on the wire, from CDP's Network events. */
function watchNetwork(cdp: CDPSession) {
  const responses = new Map<string, { type: string; encoding: string; decodedBytes: number; wireBytes: number }>();
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    responses.set(event.requestId, {
      type: event.type,
      encoding: headers['content-encoding'] ?? 'identity',
      decodedBytes: 0,
      wireBytes: 0,
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    const response = responses.get(event.requestId);
    if (response) response.decodedBytes += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response) response.wireBytes = event.encodedDataLength;
  });
  return () => {
    const all = [...responses.values()];
    const scripts = all.filter((response) => response.type === 'Script');
    const jsEncodings: Record<string, number> = {};
    for (const script of scripts) jsEncodings[script.encoding] = (jsEncodings[script.encoding] ?? 0) + 1;
    const sum = (list: typeof all, key: 'wireBytes' | 'decodedBytes') =>
      list.reduce((total, response) => total + response[key], 0);
    return {
      jsWireBytes: sum(scripts, 'wireBytes'),
      jsDecodedBytes: sum(scripts, 'decodedBytes'),
      jsFiles: scripts.length,
      totalWireBytes: sum(all, 'wireBytes'),
      requests: all.length,
      jsEncodings,
    };
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Self time of a V8 CPU profile by script file and by function, the largest first. */
function summariseProfile(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  profile.samples.forEach((id, index) => {
    const us = profile.timeDeltas[index + 1] ?? 0;
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') return;
    const file = frame.url ? (frame.url.split('/').pop() ?? frame.url) : frame.functionName;
    add(byFile, file, us);
    add(byFunction, `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`, us);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`)
      .join('\n');
  const busyUs = [...byFile.values()].reduce((total, us) => total + us, 0);
  return `busy ${(busyUs / 1000).toFixed(0)} ms\nby file:\n${top(byFile, 20)}\nby function:\n${top(byFunction, 30)}`;
}

/** One cold load: a fresh context, the cache disabled, the page opened and left until the network is idle. */
async function loadOnce(
  browser: Browser,
  baseUrl: string,
  pageCase: PageCase,
  session: string | undefined,
  profileTo?: string,
): Promise<LoadFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  try {
    if (session) {
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        SESSION_STORAGE_KEY,
        session,
      ] as const);
    }
    await context.addInitScript(() => {
      const lcp: { startTime: number; element: string; isLoader: boolean }[] = [];
      Object.assign(window, { __benchLcp: lcp });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null; size: number })[]) {
          const element = entry.element;
          const name = element
            ? `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}`
            : '(removed)';
          const isLoader = Boolean(element?.closest('#initial-loader'));
          lcp.push({
            startTime: entry.startTime,
            element: `${name} "${(element?.textContent ?? '').trim().slice(0, 24)}" ${entry.size} px²`,
            isLoader,
          });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Performance.enable');
    // BENCH_ACCEPT_ENCODING=identity: Chromium asks for no encoding, the server answers as it did before compression.
    const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING;
    if (acceptEncoding)
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
    const network = watchNetwork(cdp);
    if (profileTo) {
      // A page of the same site first, so the renderer (and V8 isolate) the profiler runs in is the page's.
      await page.goto(`${baseUrl}/favicon.svg`);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${baseUrl}${pageCase.path}`, { waitUntil: 'load' });
    await page.locator(pageCase.ready).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // An LCP entry is reported once its frame has been presented, which lags the paint on a busy
    // machine: wait until the candidate is the page's (not the initial loader's) and has not changed for a second.
    await page.waitForFunction(
      () => {
        const state = window as unknown as {
          __benchLcp: { startTime: number; isLoader: boolean }[];
          __benchStable?: { count: number; since: number };
        };
        const entries = state.__benchLcp;
        if (!entries.length || entries.at(-1)!.isLoader) return false;
        if (state.__benchStable?.count !== entries.length)
          state.__benchStable = { count: entries.length, since: performance.now() };
        return performance.now() - state.__benchStable.since >= 1000;
      },
      undefined,
      { timeout: 30_000, polling: 100 },
    );
    const url = new URL(page.url());
    if (url.pathname !== pageCase.path)
      throw new Error(`${pageCase.path} ended on ${url.pathname}: not the page asked for`);
    const paints = await page.evaluate(() => ({
      lcp: (window as unknown as { __benchLcp: { startTime: number; element: string }[] }).__benchLcp.at(-1),
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    }));
    if (profileTo) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.mkdirSync(profileTo, { recursive: true });
      const file = path.join(profileTo, `${pageCase.path.replace(/\W+/g, '_').replace(/^_/, '')}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      console.error(`${pageCase.name}: profile in ${file}, LCP ${ms(paints.lcp?.startTime ?? Number.NaN)} ms`);
      console.error(summariseProfile(profile));
    }
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((entry) => entry.name === name)?.value ?? Number.NaN) * 1000;
    return {
      mainThreadMs: metric('TaskDuration'),
      scriptMs: metric('ScriptDuration'),
      lcpMs: paints.lcp?.startTime ?? Number.NaN,
      lcpElement: paints.lcp?.element ?? 'none',
      fcpMs: paints.fcp,
      ...network(),
    };
  } finally {
    await context.close();
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)}`;

function row(pageCase: PageCase, runs: LoadFigures[]) {
  const pick = (key: Exclude<keyof LoadFigures, 'jsEncodings' | 'lcpElement'>) => median(runs.map((run) => run[key]));
  const lcps = runs.map((run) => run.lcpMs);
  const encodings = Object.entries(runs[0].jsEncodings)
    .map(([encoding, count]) => `${encoding} × ${count}`)
    .join(', ');
  const lcp = pick('lcpMs');
  return [
    pageCase.name,
    `${kb(pick('jsWireBytes'))} (${pick('jsFiles')} files)`,
    kb(pick('jsDecodedBytes')),
    encodings,
    `${kb(pick('totalWireBytes'))} (${pick('requests')} requests)`,
    `${ms(pick('mainThreadMs'))} (${ms(pick('scriptMs'))})`,
    ms(pick('fcpMs')),
    `${ms(lcp)} (${ms(Math.min(...lcps))}–${ms(Math.max(...lcps))})`,
    lcp <= TARGET_LCP_MS ? 'yes' : 'no',
  ];
}

async function main() {
  const runs = positiveInteger('BENCH_RUNS', 5);
  const only = process.env.BENCH_ONLY;
  const pages = PAGES.filter((pageCase) => !only || pageCase.name.includes(only));
  const started = process.env.BENCH_URL ? undefined : await startServer();
  const baseUrl = (process.env.BENCH_URL ?? started!.baseUrl).replace(/\/$/, '');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const loadBefore = os.loadavg()[0];
  try {
    const session = pages.some((pageCase) => pageCase.signedIn) ? await demoMerchantSession(baseUrl) : undefined;
    const rows: string[][] = [];
    for (const pageCase of pages) {
      const pageSession = pageCase.signedIn ? session : undefined;
      await loadOnce(browser, baseUrl, pageCase, pageSession);
      const figures: LoadFigures[] = [];
      for (let run = 0; run < runs; run += 1) figures.push(await loadOnce(browser, baseUrl, pageCase, pageSession));
      rows.push(row(pageCase, figures));
      const profileTo = process.env.BENCH_PROFILE;
      if (profileTo) await loadOnce(browser, baseUrl, pageCase, pageSession, profileTo);
      console.error(
        `${pageCase.name}: LCP ${figures.map((figure) => `${ms(figure.lcpMs)} ms (${figure.lcpElement})`).join(', ')}`,
      );
    }
    const header = [
      'page',
      'JS on the wire',
      'JS decoded',
      'script encodings',
      'all on the wire',
      'main thread ms (script)',
      'FCP ms',
      'LCP ms (min–max)',
      `LCP ≤ ${TARGET_LCP_MS} ms`,
    ];
    const table = [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
    console.log(
      `\n${baseUrl}, ${runs} cold loads per page (medians), Chromium ${browser.version()}, ` +
        `${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}\n`,
    );
    console.log(table);
  } finally {
    await browser.close();
    await started?.stop();
  }
}

runMain(main);
