import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * The second server, for the serial project: tests tagged SERIAL change what the whole platform
 * sees (settings, the operator's own account, catalogues, global orderings), so they run one at a
 * time against a database of their own, beside the parallel tests and without disturbing them.
 */
export const SERIAL_APP_PORT = Number(process.env.E2E_SERIAL_PORT ?? APP_PORT + 50);
/** Where the servers keep their databases and uploads (under the repository), wiped at each start. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';
/** The tag of the tests that run in the serial project (see SERIAL_APP_PORT). */
export const SERIAL = '@serial';
/** The mail sink's ports; a run beside another one (its own E2E_PORT) moves them too. */
export const MAIL_SINK_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 2527);
const MAIL_SINK_SMTP_PORT = Number(process.env.E2E_MAIL_SMTP_PORT ?? 2526);
/** The DNS server merchants' domains are checked against (support/dns-server.mjs), and the HTTP port tests publish records on. */
export const DNS_SERVER_PORT = Number(process.env.E2E_DNS_PORT ?? 2553);
export const DNS_CONTROL_PORT = Number(process.env.E2E_DNS_CONTROL_PORT ?? 2554);
/** Browser tests' captcha answer (the server refuses this setting in production). */
export const E2E_CAPTCHA = 'e2e7';
/** Hostnames mapped to 127.0.0.1 inside Chromium, listed as the site's and the console's hosts. */
export const SITE_HOST = 'www.parlour.test';
export const CONSOLE_HOST = 'shop.parlour.test';

/**
 * Debian's headless shell (package chromium-headless-shell: the same Chromium build without the
 * browser's own windows and UI), which .ci/run installs: a new browser context costs it a fifth of the
 * CPU the full browser spends (0.09 s against 0.50 s) and a console page load about a tenth less
 * (docs/decisions/0007-browser-tests-on-the-headless-shell.md). The full browser where the shell is missing.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One parallel worker and the serial one: with three (two parallel) the load on the 2-core machine
  // reached 12-14 and tests timed out.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: '../test-results',
  // The serial project is listed first: the runner hands out tests in this order, so its one worker
  // starts at once beside the parallel ones instead of waiting for the parallel queue to drain.
  projects: [
    {
      name: 'serial',
      grep: new RegExp(SERIAL),
      fullyParallel: false,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${SERIAL_APP_PORT}` },
    },
    {
      name: 'parallel',
      grepInvert: new RegExp(SERIAL),
      fullyParallel: true,
      use: { baseURL: `http://127.0.0.1:${APP_PORT}` },
    },
  ],
  use: {
    locale: 'zh-CN',
    // The browser asks for less motion, as a user can in the system's settings: the console then turns
    // antd's transitions off (app/providers.tsx), so no frames are drawn for dialogs sliding in or
    // menus fading out (a tenth of Chromium's CPU in the run) and waits end with the change itself.
    // Contexts a test opens with browser.newContext() get the same (support/fixtures.ts).
    reducedMotion: 'reduce',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP *.parlour.test 127.0.0.1',
      ],
    },
  },
  webServer: [
    {
      command: 'node support/mail-sink.mjs',
      url: `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/healthz`,
      reuseExistingServer: false,
      env: { MAIL_SINK_SMTP_PORT: String(MAIL_SINK_SMTP_PORT), MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT) },
    },
    {
      command: 'node support/dns-server.mjs',
      url: `http://127.0.0.1:${DNS_CONTROL_PORT}/healthz`,
      reuseExistingServer: false,
      env: { DNS_SERVER_PORT: String(DNS_SERVER_PORT), DNS_CONTROL_PORT: String(DNS_CONTROL_PORT) },
    },
    appServer(APP_PORT, { E2E_DATA_DIR: DATA_DIR, E2E_UPLOAD_DIR: `${DATA_DIR}-uploads` }),
    appServer(SERIAL_APP_PORT, {
      E2E_DATA_DIR: `${DATA_DIR}-serial`,
      E2E_UPLOAD_DIR: `${DATA_DIR}-serial-uploads`,
      E2E_WAIT_FOR_BUILD: 'true',
    }),
  ],
});

/** One app server for browser tests on `port`, with a database (and uploads) of its own. */
function appServer(port: number, instance: Record<string, string>) {
  return {
    command: 'node support/start-app.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      ...instance,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}`,
      CAPTCHA_FIXED_TEXT: E2E_CAPTCHA,
      CODE_SENDS_PER_IP_PER_HOUR: '1000',
      // Every request of the run comes from 127.0.0.1: the per-IP budgets of the public endpoints are raised.
      IP_RATE_LIMIT_SCALE: '100',
      SITE_HOSTS: SITE_HOST,
      CONSOLE_HOSTS: CONSOLE_HOST,
      LOG_LEVEL: 'warn',
      // Custom domains are checked against the tests' DNS server; stores' system domains are <shop_id>.localhost.
      DNS_SERVERS: `127.0.0.1:${DNS_SERVER_PORT}`,
      DNS_TIMEOUT_MS: '2000',
      SHOP_BASE_DOMAIN: 'localhost',
      // Payment providers' fakes listen on 127.0.0.1 (tests/payment-settings.spec.ts, tests/payments.spec.ts): the outbound policy lets the app reach them.
      OUTBOUND_ALLOW: '127.0.0.1',
    },
  };
}
