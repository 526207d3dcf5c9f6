import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { callUrl } from '@parlour/contract/call';
import { adminLogin, merchantLogin } from '@parlour/contract/calls/account';
import { ErrorCode } from '@parlour/contract/errors';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DEMO_MERCHANT } from '../src/db/seed/seed';
import { withDatabase } from './database-url';

/**
 * `npm start` as a newcomer runs it (docs/running.md): NODE_ENV=development on a clone without a
 * console build. Runs the real scripts/start.mjs in child processes with their own build directory,
 * data directory (or PostgreSQL database) and port; the build takes a few seconds.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const STOP_DEADLINE_MS = 10_000;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parlour-start-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** True when nothing listens on the port any more: it can be bound again. */
async function isPortFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const server = net.createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A database of its own that nothing has migrated yet: an empty PostgreSQL database, else a new PGlite directory. */
async function freshDatabaseEnv(): Promise<NodeJS.ProcessEnv> {
  const template = inject('postgresTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  // Named after the template, so the run's teardown drops it.
  const suffix = randomUUID().slice(0, 8);
  if (!template || !serverUrl) return { DATA_DIR: path.join(tmp, `data-${suffix}`), DATABASE_URL: '' };
  const name = `${template}_${suffix}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return { DATABASE_URL: withDatabase(serverUrl, name) };
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number, started: Started, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  void started.exited.then(() => (hasExited = true));
  while (Date.now() < deadline && !hasExited) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `no healthy server on ${port} (${hasExited ? 'the start exited' : 'timed out'}):\n${started.output().slice(-4000)}`,
  );
}

/** Sends the signal and answers how long the process took to exit, or fails past the deadline. */
async function stopWithin(started: Started, signal: NodeJS.Signals, deadlineMs: number) {
  const sentAt = Date.now();
  started.child.kill(signal);
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), deadlineMs).unref());
  const result = await Promise.race([started.exited, timeout]);
  if (result === 'timeout') {
    started.child.kill('SIGKILL');
    throw new Error(`still running ${deadlineMs} ms after ${signal}:\n${started.output().slice(-4000)}`);
  }
  return { ...result, ms: Date.now() - sentAt };
}

/** The scripts the console's index loads first; a development build of React carries `jsxDEV`. */
async function expectProductionConsole(port: number) {
  const html = await (await fetch(`http://127.0.0.1:${port}/login`)).text();
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  expect(scripts.length).toBeGreaterThan(1);
  for (const script of scripts) {
    const source = await (await fetch(`http://127.0.0.1:${port}${script}`)).text();
    expect(source, script).not.toContain('jsxDEV');
  }
}

// A fresh clone has no DATABASE_URL: `npm start` there runs on the embedded database, so the run on
// PostgreSQL (TEST_DATABASE_URL) leaves this scenario to the PGlite run instead of building the console
// a second time; the starts on PostgreSQL are covered by 'first start on a fresh database' below.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm start on a fresh clone', () => {
  it(
    'builds a production console with NODE_ENV=development, serves it, and stops within 10 s on SIGTERM, freeing the port',
    { timeout: 300_000 },
    async () => {
      const port = await freePort();
      const webDistDir = path.join(tmp, 'dist');
      // What an earlier start could leave behind: a build that was never checked (a development build
      // that failed the budget). It must be rebuilt, never served.
      fs.mkdirSync(webDistDir, { recursive: true });
      fs.writeFileSync(
        path.join(webDistDir, 'index.html'),
        '<!doctype html><title>unchecked development build</title>',
      );
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...(await freshDatabaseEnv()),
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST_DIR: webDistDir,
        UPLOAD_DIR: path.join(tmp, 'uploads'),
        PASSWORD_MEMORY_COST_KIB: '1024',
        LOG_FORMAT: '',
        LOG_LEVEL: 'info',
      };
      delete env.TEST_DATABASE_URL;
      delete env.VITEST;

      const first = run(process.execPath, ['scripts/start.mjs'], env);
      await waitForHealth(port, first, 240_000);
      expect(first.output()).toContain('Rebuilding the console (the build there was never checked)');
      await expectProductionConsole(port);
      const stamp = JSON.parse(fs.readFileSync(path.join(webDistDir, '.parlour-build.json'), 'utf8')) as {
        mode: string;
        login_page_kb: number;
        budget_kb: number;
      };
      expect(stamp.mode).toBe('production');
      expect(stamp.login_page_kb).toBeLessThanOrEqual(stamp.budget_kb);
      // The staging directory of the build is gone: only the build, the data and the uploads remain.
      expect(fs.readdirSync(tmp).filter((name) => name.startsWith('.'))).toEqual([]);
      // Not a terminal: one JSON object a line, the banner among them.
      const banner = first
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string })
        .find((entry) => entry.msg?.startsWith('Parlour is running at'));
      expect(banner?.msg).toBe(`Parlour is running at http://localhost:${port}`);

      const stopped = await stopWithin(first, 'SIGTERM', STOP_DEADLINE_MS);
      expect(stopped.code).toBe(0);
      expect(await isPortFree(port)).toBe(true);
      console.log(`npm start test: first start stopped ${stopped.ms} ms after SIGTERM`);

      // A second start through npm reuses the checked build, and SIGTERM to the npm process (which
      // signals only the shell it runs the script in) still stops the server and frees the port.
      const second = run('npm', ['start', '--silent'], env);
      await waitForHealth(port, second, 120_000);
      expect(second.output()).not.toMatch(/Building the console|Rebuilding the console|rebuilding/);
      await stopWithin(second, 'SIGTERM', STOP_DEADLINE_MS);
      const sentAt = Date.now();
      while (!(await isPortFree(port)) && Date.now() - sentAt < STOP_DEADLINE_MS)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await isPortFree(port)).toBe(true);
      console.log(`npm start test: port free ${Date.now() - sentAt} ms after npm exited`);
    },
  );
});

/** Answers a contract call's envelope code from a started server. */
async function callCode(port: number, call: Parameters<typeof callUrl>[0], body: Record<string, unknown>) {
  const response = await fetch(`http://127.0.0.1:${port}${callUrl(call)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { code: number }).code;
}

/**
 * The first start on a fresh database, for every payment provider, demo data setting and environment
 * the configuration allows (README.md, Quick start: production's default PAYMENT_PROVIDER=none once
 * crashed the demo seed). The API entry runs on its own, without the console build the test above
 * covers, so each start takes seconds: migrate, seed, listen, answer, stop on SIGTERM with exit
 * code 0.
 */
describe('first start on a fresh database', () => {
  const combinations = [
    { nodeEnv: 'development', provider: 'sandbox', seedDemo: true },
    { nodeEnv: 'development', provider: 'sandbox', seedDemo: false },
    { nodeEnv: 'development', provider: 'none', seedDemo: true },
    { nodeEnv: 'development', provider: 'none', seedDemo: false },
    // PAYMENT_PROVIDER=sandbox is refused in production (config.test.ts): none is its default.
    { nodeEnv: 'production', provider: undefined, seedDemo: true },
    { nodeEnv: 'production', provider: undefined, seedDemo: false },
  ] as const;

  it.each(combinations)(
    'starts cleanly with NODE_ENV=$nodeEnv PAYMENT_PROVIDER=$provider SEED_DEMO=$seedDemo',
    { timeout: 300_000 },
    async ({ nodeEnv, provider, seedDemo }) => {
      const port = await freePort();
      const isProduction = nodeEnv === 'production';
      const admin = {
        account: isProduction ? 'ops' : 'admin',
        password: isProduction ? 'Ops#Start-2026' : 'Admin@2026',
      };
      // Only what a deployment sets: nothing inherited from the test run (no OUTBOUND_ALLOW, no test database).
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...(await freshDatabaseEnv()),
        NODE_ENV: nodeEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST_DIR: path.join(tmp, 'no-console-build'),
        UPLOAD_DIR: path.join(tmp, `uploads-${port}`),
        PASSWORD_MEMORY_COST_KIB: '1024',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
        SEED_DEMO: String(seedDemo),
        ...(provider ? { PAYMENT_PROVIDER: provider } : {}),
        ...(isProduction
          ? {
              ADMIN_ACCOUNT: admin.account,
              ADMIN_PASSWORD: admin.password,
              SECRETS_KEY: 'ab'.repeat(32),
              SHOP_BASE_DOMAIN: 'parlour.test',
            }
          : {}),
      };
      const started = run(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], env);
      try {
        await waitForHealth(port, started, 240_000);
      } catch (error) {
        // Not up: a stop would wait for the start under way; report why it is not up instead.
        started.child.kill('SIGKILL');
        throw error;
      }
      const answers = {
        operator: await callCode(port, adminLogin, admin),
        demo: await callCode(port, merchantLogin, { account: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }),
      };
      const stopped = await stopWithin(started, 'SIGTERM', STOP_DEADLINE_MS);
      expect(stopped.code, started.output().slice(-4000)).toBe(0);
      expect(answers).toEqual({ operator: 200, demo: seedDemo ? 200 : ErrorCode.LOGIN_FAILED });
      const entries = started
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      // Nothing went wrong on the way (pino: 50 error, 60 fatal), and the seed warned of nothing.
      expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
      expect(entries.filter((entry) => entry.level >= 40 && entry.msg.startsWith('demo data'))).toEqual([]);
      // Without the sandbox the log says what the demo could not have.
      expect(entries.some((entry) => entry.msg.startsWith('demo data: no sandbox cashier'))).toBe(
        seedDemo && provider !== 'sandbox',
      );
    },
  );
});
