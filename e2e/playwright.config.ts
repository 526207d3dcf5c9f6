import { defineConfig } from '@playwright/test';

export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
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

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
    {
      command: 'node support/start-app.mjs',
      url: `http://127.0.0.1:${APP_PORT}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(APP_PORT),
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
    },
  ],
});
