import { DEFAULT_BUSINESS_TIME_ZONE, zoneDay } from '@parlour/contract/business-time';
import {
  merchantMobileRegister,
  merchantRegister,
  sendEmailCode,
  sendMobileCode,
} from '@parlour/contract/calls/account';
import { callUrl, type Call, type CallInput, type CallOutput } from '@parlour/contract/call';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import type { MailMessage, MailProvider } from '../src/providers/mail/mail-provider';
import type { SmsCodeMessage, SmsNoticeMessage, SmsProvider } from '../src/providers/sms/sms-provider';
import type { Clock } from '../src/lib/clock';
import type { OutboundLookup } from '../src/lib/outbound/outbound-policy';
import { withDatabase } from './database-url';
import { DELIVER_CODE_QUEUE } from '../src/modules/accounts/account/verification-code.service';

/** Enough for a test's database of a few MB, and a restore in about half the CPU (db/client.ts). */
const TEST_SHARED_BUFFERS = '16MB';

/** A fresh, migrated database: a copy of the run's template on PostgreSQL, the snapshot on PGlite. */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('postgresTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (template && serverUrl) {
    const name = `${template}_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    return openPostgres(withDatabase(serverUrl, name));
  }
  return openPglite({ snapshot: fs.readFileSync(inject('pgliteSnapshot')), sharedBuffers: TEST_SHARED_BUFFERS });
}

/** The business day (default zone, Asia/Shanghai) of an instant: the day the reports and date filters count it on. */
export const businessDay = (date: Date) => zoneDay(date, DEFAULT_BUSINESS_TIME_ZONE);

/** A clock the test moves by hand. */
export function createTestClock(start = new Date()) {
  let current = start.getTime();
  const clock: Clock & { advance(seconds: number): void } = {
    now: () => new Date(current),
    advance(seconds: number) {
      current += seconds * 1000;
    },
  };
  return clock;
}
export type TestClock = ReturnType<typeof createTestClock>;

export function createRecordingMail() {
  const sent: MailMessage[] = [];
  const provider: MailProvider = {
    kind: 'log',
    async send(message) {
      sent.push(message);
      return 'sent';
    },
  };
  /** The code of the newest message to `to` (addresses compare case-insensitively, as the API stores them lower case); throws when none was sent. */
  const lastCodeTo = (to: string) => {
    const code = /(\d{6})/.exec(
      [...sent].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase())?.text ?? '',
    )?.[1];
    if (code === undefined) throw new Error(`no code was mailed to ${to}`);
    return code;
  };
  return { provider, sent, lastCodeTo, codeTo: (to: string) => awaitCode(() => lastCodeTo(to)) };
}

/**
 * A code delivered by the deliver-code job: at once when the test app runs it inline, a moment
 * later when a test started pg-boss (store-jobs, jobs). Waits up to 10 s for it.
 */
async function awaitCode(read: () => string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return read();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

export function createRecordingSms() {
  const sent: SmsCodeMessage[] = [];
  const notices: SmsNoticeMessage[] = [];
  const provider: SmsProvider = {
    kind: 'recording',
    async sendCode(message) {
      sent.push(message);
      return 'sent';
    },
    async sendNotice(message) {
      notices.push(message);
      return 'sent';
    },
  };
  /** The code of the newest message to `mobile`; throws when none was sent. */
  const lastCodeTo = (mobile: string) => {
    const code = [...sent].reverse().find((m) => m.mobile === mobile)?.code;
    if (code === undefined) throw new Error(`no code was texted to ${mobile}`);
    return code;
  };
  return { provider, sent, notices, lastCodeTo, codeTo: (mobile: string) => awaitCode(() => lastCodeTo(mobile)) };
}

/**
 * The tests' fakes (vendor, SMTP, SMS, WeCom) listen on 127.0.0.1, which the outbound policy
 * refuses; OUTBOUND_ALLOW lets tests reach them (pass OUTBOUND_ALLOW: '' to test the refusals).
 */
export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  // Tests share 127.0.0.1 for most calls: the per-IP budgets are raised unless a test sets its own scale.
  return loadConfig({
    NODE_ENV: 'test',
    PASSWORD_MEMORY_COST_KIB: '1024',
    WEB_DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    OUTBOUND_ALLOW: '127.0.0.1',
    IP_RATE_LIMIT_SCALE: '1000',
    ...overrides,
  });
}

/** A public address the tests' resolver answers for public-looking names (nothing listens there for them). */
export const TEST_PUBLIC_ADDRESS = '93.184.215.14';

/**
 * The tests' DNS: a fixed table, so no test depends on the machine's resolver. Names under
 * `.example`, `.example.com` and `onebound.cn` are public; the `*.parlour.test` names resolve
 * where their name says (a test of DNS rebinding or an internal name); anything else is unknown.
 */
export const testDnsTable: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'loopback.parlour.test': ['127.0.0.1'],
  'metadata.parlour.test': ['169.254.169.254'],
  'private.parlour.test': ['10.0.0.5'],
  'mapped.parlour.test': ['::ffff:127.0.0.1'],
  'mixed.parlour.test': [TEST_PUBLIC_ADDRESS, '192.168.1.10'],
  'public.parlour.test': [TEST_PUBLIC_ADDRESS],
};
export function createTestLookup(table: Record<string, string[]> = testDnsTable): OutboundLookup {
  return async (hostname) => {
    const name = hostname.toLowerCase();
    const addresses =
      table[name] ?? (/(^|\.)(example|example\.com|onebound\.cn)$/.test(name) ? [TEST_PUBLIC_ADDRESS] : undefined);
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
  };
}

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, 'clock'>> {
  /** A clock to share with another test app; a new hand-moved one by default. */
  clock?: TestClock;
  /** Environment overrides for {@link testConfig}; ignored when `config` is given. */
  env?: NodeJS.ProcessEnv;
  /**
   * False leaves the mail provider to buildApp (SMTP when SMTP_URL is set, else the log), for tests
   * of the real providers. `mail` in the options wins over both.
   */
  recordMail?: boolean;
  /**
   * True (default) runs each queued code delivery as soon as it is queued, so tests read codes from
   * the recording mail and SMS right after the send call; false only records it in `queued`, for
   * tests that check nothing is delivered inside the request. Other queued jobs are only recorded
   * (their sweeps find the work), as without pg-boss.
   */
  deliverCodesInline?: boolean;
}

/**
 * A call's input, plus the `lang_code` every call accepts (the language of its messages). A call
 * without fields (z.object({}), whose input type forbids every key) still takes `lang_code`.
 */
export type CallBody<C extends Call> = (string extends keyof CallInput<C> ? Record<never, never> : CallInput<C>) & {
  lang_code?: string;
};

/** The envelope a contract call answers, its data typed from the call's output. */
export interface CallAnswer<C extends Call> {
  code: number;
  msg: string;
  data: CallOutput<C>;
}

const urlOf = (pathOrCall: string | Pick<Call, 'path'>) =>
  callUrl(typeof pathOrCall === 'string' ? { path: pathOrCall } : pathOrCall);

/** What one `call` may set besides the body: the caller's address and extra headers. */
export interface CallOptions {
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * Builds the app on a fresh database with recording providers and a hand-moved clock. Given a
 * `database`, builds a second app on that one (a second API process sharing the database) and
 * leaves closing the database to its owner.
 */
export async function buildTestApp(options: TestAppOptions = {}) {
  const { env, recordMail = true, deliverCodesInline = true, ...overrides } = options;
  const isDatabaseOwned = !overrides.database;
  const database = overrides.database ?? (await openTestDatabase());
  const mail = createRecordingMail();
  const sms = createRecordingSms();
  const clock = overrides.clock ?? createTestClock();
  const config = overrides.config ?? testConfig(env);
  const app = await buildApp({
    config,
    mail: recordMail ? mail.provider : undefined,
    sms: sms.provider,
    logger: false,
    outboundLookup: createTestLookup(),
    ...overrides,
    clock,
    database,
  });
  await app.ready();
  const queued: Array<{ queue: string; data: Record<string, unknown> }> = [];
  /** Code deliveries run inline that failed, as pg-boss would keep a failed job (the request does not see it). */
  const failedJobs: Array<{ queue: string; error: unknown }> = [];
  app.jobQueue.attach(async (queue, data) => {
    queued.push({ queue, data });
    if (queue !== DELIVER_CODE_QUEUE || !deliverCodesInline) return;
    try {
      await app.jobs.find((job) => job.queue === queue)?.run(data);
    } catch (error) {
      failedJobs.push({ queue, error });
    }
  });

  async function post(url: string, body: unknown, token: string | undefined, callOptions: CallOptions) {
    const response = await app.inject({
      method: 'POST',
      url,
      payload: body as Record<string, unknown>,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...callOptions.headers },
      ...(callOptions.ip ? { remoteAddress: callOptions.ip } : {}),
    });
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode} from ${url}: ${response.body}`);
    return response.json() as unknown;
  }

  /**
   * POSTs a contract call and answers the parsed envelope: the input is typed from the call's
   * schema, the data from its output (on an error answer `data` is whatever the error carries).
   */
  async function call<C extends Call>(
    contractCall: C,
    input: CallBody<C>,
    token?: string,
    callOptions: CallOptions = {},
  ): Promise<CallAnswer<C>> {
    return (await post(callUrl(contractCall), input, token, callOptions)) as CallAnswer<C>;
  }

  /**
   * POSTs any body, unchecked: for tests that send a malformed or foreign body on purpose, or read
   * an error answer's details. Given a contract call, the answer's data is typed from its output;
   * given a type argument, as that type; else unknown.
   */
  function callRaw<C extends Call>(
    contractCall: C,
    body: unknown,
    token?: string,
    callOptions?: CallOptions,
  ): Promise<CallAnswer<C>>;
  /** With a type argument: the data the test expects of this answer (an error's details, say). */
  function callRaw<T = unknown>(
    pathOrCall: string | Call,
    body: unknown,
    token?: string,
    callOptions?: CallOptions,
  ): Promise<{ code: number; msg: string; data: T }>;
  async function callRaw(pathOrCall: string | Call, body: unknown, token?: string, callOptions: CallOptions = {}) {
    return post(urlOf(pathOrCall), body, token, callOptions);
  }

  return {
    app,
    database,
    mail,
    sms,
    clock,
    config,
    queued,
    failedJobs,
    call,
    callRaw,
    async close() {
      await app.close();
      if (isDatabaseOwned) await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let counter = 0;
/** A unique email per test, so tests sharing a database never collide. */
export function uniqueEmail(prefix = 'merchant') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}
export function uniqueMobile() {
  counter += 1;
  return `138${String(Date.now() % 100000).padStart(5, '0')}${String(counter % 1000).padStart(3, '0')}`;
}

export const GOOD_PASSWORD = 'Secret#2026';
export const OTHER_PASSWORD = 'Other$Pass9';

/** Registers a merchant by email through the API and answers its userinfo. */
export async function registerMerchant(t: TestApp, email = uniqueEmail(), password = GOOD_PASSWORD) {
  const sent = await t.call(sendEmailCode, { email, event: 'register' });
  if (sent.code !== 200) throw new Error(`code send failed: ${JSON.stringify(sent)}`);
  const code = await t.mail.codeTo(email);
  const answer = await t.call(merchantRegister, {
    email,
    code,
    password,
    confirm_password: password,
    agree: true,
  });
  if (answer.code !== 200) throw new Error(`register failed: ${JSON.stringify(answer)}`);
  return { email, password, token: answer.data.userinfo.token, id: answer.data.userinfo.id };
}

/** Registers a merchant by phone through the API and answers its userinfo. */
export async function registerMobileMerchant(t: TestApp, mobile = uniqueMobile(), password = GOOD_PASSWORD) {
  const sent = await t.call(sendMobileCode, { mobile, event: 'register' });
  if (sent.code !== 200) throw new Error(`code send failed: ${JSON.stringify(sent)}`);
  const answer = await t.call(merchantMobileRegister, {
    mobile,
    code: await t.sms.codeTo(mobile),
    password,
    confirm_password: password,
    agree: true,
  });
  if (answer.code !== 200) throw new Error(`register failed: ${JSON.stringify(answer)}`);
  return { mobile, password, token: answer.data.userinfo.token, id: answer.data.userinfo.id };
}
