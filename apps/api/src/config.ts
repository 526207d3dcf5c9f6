import { isIP } from 'node:net';
import path from 'node:path';
import { parseLogFormat, type LogFormat } from './lib/logger';
import { parseAllowList } from './lib/outbound/outbound-policy';
import { STORE_URL_SCHEMES, type StoreUrlScheme } from './lib/public-address';
import { DEVELOPMENT_SECRETS_KEY, parseSecretsKey } from './lib/secret-box';

/** Everything the API reads from its environment, parsed once at start. README documents each variable. */
export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  host: string;
  port: number;
  /** postgres://… for a real server; empty means embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  adminAccount: string;
  adminPassword: string;
  /** Hostnames of the public site and of the consoles, passed to the SPA for its navigation rules. */
  siteHosts: string[];
  consoleHosts: string[];
  /** smtp://… used to send email codes; empty writes them to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Failed logins for one account within the window after which a captcha is required. */
  loginCaptchaThreshold: number;
  loginFailureWindowMinutes: number;
  /** Failed logins from one IP address, over all accounts, within the window after which a captcha is required. */
  loginIpCaptchaThreshold: number;
  /** Codes one IP address may ask for within an hour. */
  codeSendsPerIpPerHour: number;
  /**
   * Multiplies every per-IP budget of the unauthenticated endpoints (IP_RATE_LIMIT_SCALE, default 1;
   * platform/rate-limit). Browser tests raise it: all their requests come from 127.0.0.1.
   */
  ipRateLimitScale: number;
  /** Where the built console lives; served when it exists. */
  webDistDir: string;
  logLevel: string;
  /** `pretty` lines for a terminal or `json` lines for collectors (LOG_FORMAT; by default pretty when stdout is a terminal). */
  logFormat: LogFormat;
  /** Argon2 memory cost in KiB; tests lower it, production keeps the OWASP figure. */
  passwordMemoryCost: number;
  /** Stores get the system domain `<shop_id>.<shopBaseDomain>`; their admin is at <scheme>://<domain>/admin. */
  shopBaseDomain: string;
  /**
   * The scheme links to stores' hosts use (STORE_URL_SCHEME: http or https, on that scheme's own
   * port); unset: the scheme and port each request reached the platform at (lib/public-address.ts).
   */
  storeUrlScheme: StoreUrlScheme | undefined;
  /**
   * DNS servers custom domains are checked against (DNS_SERVERS, comma-separated host or host:port;
   * empty: the system's resolvers). Tests point it at a DNS server on 127.0.0.1.
   */
  dnsServers: string[];
  /** How long one DNS lookup of a domain check may take (DNS_TIMEOUT_MS, default 5000). */
  dnsTimeoutMs: number;
  /** The platform's public addresses an apex custom domain's A / AAAA records point at (PLATFORM_IPV4, PLATFORM_IPV6; comma-separated). */
  platformIpv4: string[];
  platformIpv6: string[];
  /** Which payment provider takes payments: `sandbox` (our own cashier; refused in production) or `none`. */
  paymentProvider: 'sandbox' | 'none';
  /** Where uploaded images (logo, icon, screenshots) are kept; served at /uploads/<name>. */
  uploadDir: string;
  /** Aliyun SMS API endpoint (tests point it at a local fake). */
  aliyunSmsEndpoint: string;
  /** The only origin a WeCom robot webhook may point at (tests point it at a local fake). */
  wecomWebhookBase: string;
  /** 32-byte key sealing secrets at rest (SMTP password, SMS secret, webhook URL); required in production. */
  secretsKey: Buffer;
  /** True when SECRETS_KEY was not set and the fixed development key is used (the app warns once). */
  isDevelopmentSecretsKey: boolean;
  /** Trust `X-Forwarded-For` from a reverse proxy (TRUST_PROXY=true): the client IP is then the forwarded one. */
  trustProxy: boolean;
  /** A fixed captcha answer for browser tests (CAPTCHA_FIXED_TEXT); refused in production. */
  captchaFixedText: string | undefined;
  /**
   * Addresses and CIDR ranges outbound connections may reach although they are internal
   * (OUTBOUND_ALLOW=127.0.0.1: tests and development reaching local fakes, plain http included);
   * refused in production. See lib/outbound/outbound-policy.ts.
   */
  outboundAllow: string[];
}

export const DEFAULT_ADMIN_ACCOUNT = 'admin';
export const DEFAULT_ADMIN_PASSWORD = 'Admin@2026';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a number above 0, got "${value}"`);
  return parsed;
}

function secretsKeyOf(
  env: NodeJS.ProcessEnv,
  isProduction: boolean,
): Pick<Config, 'secretsKey' | 'isDevelopmentSecretsKey'> {
  if (env.SECRETS_KEY) return { secretsKey: parseSecretsKey(env.SECRETS_KEY), isDevelopmentSecretsKey: false };
  if (isProduction)
    throw new Error('SECRETS_KEY must be set when NODE_ENV=production (32 bytes: `openssl rand -base64 32`)');
  return { secretsKey: DEVELOPMENT_SECRETS_KEY, isDevelopmentSecretsKey: true };
}

function paymentProviderOf(env: NodeJS.ProcessEnv, isProduction: boolean): Config['paymentProvider'] {
  const value = env.PAYMENT_PROVIDER || (isProduction ? 'none' : 'sandbox');
  if (value !== 'sandbox' && value !== 'none')
    throw new Error(`PAYMENT_PROVIDER must be sandbox or none, got "${value}"`);
  // The sandbox cashier pays without money changing hands: never in production.
  if (value === 'sandbox' && isProduction)
    throw new Error('PAYMENT_PROVIDER=sandbox is refused when NODE_ENV=production');
  return value;
}

function captchaFixedTextOf(env: NodeJS.ProcessEnv, isProduction: boolean): string | undefined {
  if (!env.CAPTCHA_FIXED_TEXT) return undefined;
  if (isProduction) throw new Error(CAPTCHA_FIXED_TEXT_REFUSED);
  return env.CAPTCHA_FIXED_TEXT;
}

function outboundAllowOf(env: NodeJS.ProcessEnv, isProduction: boolean): string[] {
  const entries = list(env.OUTBOUND_ALLOW);
  if (entries.length && isProduction) throw new Error(OUTBOUND_ALLOW_REFUSED);
  parseAllowList(entries);
  return entries;
}

/**
 * Stores' system domains are `<shop_id>.<SHOP_BASE_DOMAIN>`. In development the default `localhost`
 * makes `http://<shop_id>.localhost:<PORT>` reach a store (browsers resolve *.localhost to loopback);
 * production must name the real base domain (docs/deploy.md).
 */
function shopBaseDomainOf(env: NodeJS.ProcessEnv, isProduction: boolean): string {
  const value = (env.SHOP_BASE_DOMAIN ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (value) return value;
  if (isProduction)
    throw new Error(
      'SHOP_BASE_DOMAIN must be set when NODE_ENV=production (e.g. parlour.shop: stores answer at <shop_id>.parlour.shop)',
    );
  return 'localhost';
}

function storeUrlSchemeOf(env: NodeJS.ProcessEnv): StoreUrlScheme | undefined {
  const value = (env.STORE_URL_SCHEME ?? '').trim().toLowerCase();
  if (!value) return undefined;
  if (!(STORE_URL_SCHEMES as readonly string[]).includes(value))
    throw new Error(`STORE_URL_SCHEME must be http or https, got "${env.STORE_URL_SCHEME}"`);
  return value as StoreUrlScheme;
}

function addressList(value: string | undefined, family: 4 | 6, name: string): string[] {
  const entries = list(value);
  for (const entry of entries)
    if (isIP(entry) !== family) throw new Error(`${name} must list IPv${family} addresses, got "${entry}"`);
  return entries;
}

/** Why a configuration with an outbound allow-list is refused in production (loadConfig and buildApp both check). */
export const OUTBOUND_ALLOW_REFUSED =
  'OUTBOUND_ALLOW is for tests and development and is refused when NODE_ENV=production: production connects only to public addresses';

/** Why a configuration with a fixed captcha answer is refused in production (loadConfig and buildApp both check). */
export const CAPTCHA_FIXED_TEXT_REFUSED = 'CAPTCHA_FIXED_TEXT is for tests and is refused when NODE_ENV=production';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  if (isProduction && (!env.ADMIN_ACCOUNT || !env.ADMIN_PASSWORD)) {
    throw new Error('ADMIN_ACCOUNT and ADMIN_PASSWORD must be set when NODE_ENV=production');
  }
  return {
    nodeEnv,
    isProduction,
    host: env.HOST ?? '0.0.0.0',
    port: integer(env.PORT, 3000, 'PORT'),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? '.data'),
    seedDemo: env.SEED_DEMO !== 'false',
    adminAccount: env.ADMIN_ACCOUNT || DEFAULT_ADMIN_ACCOUNT,
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    siteHosts: list(env.SITE_HOSTS),
    consoleHosts: list(env.CONSOLE_HOSTS),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Parlour <no-reply@parlour.local>',
    loginCaptchaThreshold: integer(env.LOGIN_CAPTCHA_THRESHOLD, 5, 'LOGIN_CAPTCHA_THRESHOLD'),
    loginFailureWindowMinutes: integer(env.LOGIN_FAILURE_WINDOW_MINUTES, 15, 'LOGIN_FAILURE_WINDOW_MINUTES'),
    loginIpCaptchaThreshold: integer(env.LOGIN_IP_CAPTCHA_THRESHOLD, 20, 'LOGIN_IP_CAPTCHA_THRESHOLD'),
    codeSendsPerIpPerHour: integer(env.CODE_SENDS_PER_IP_PER_HOUR, 20, 'CODE_SENDS_PER_IP_PER_HOUR'),
    ipRateLimitScale: positiveNumber(env.IP_RATE_LIMIT_SCALE, 1, 'IP_RATE_LIMIT_SCALE'),
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: parseLogFormat(env.LOG_FORMAT, Boolean(process.stdout.isTTY)),
    passwordMemoryCost: integer(env.PASSWORD_MEMORY_COST_KIB, 19_456, 'PASSWORD_MEMORY_COST_KIB'),
    dnsServers: list(env.DNS_SERVERS),
    dnsTimeoutMs: integer(env.DNS_TIMEOUT_MS, 5000, 'DNS_TIMEOUT_MS'),
    platformIpv4: addressList(env.PLATFORM_IPV4, 4, 'PLATFORM_IPV4'),
    platformIpv6: addressList(env.PLATFORM_IPV6, 6, 'PLATFORM_IPV6'),
    paymentProvider: paymentProviderOf(env, isProduction),
    uploadDir: path.resolve(repoRoot, env.UPLOAD_DIR ?? '.data-uploads'),
    aliyunSmsEndpoint: env.ALIYUN_SMS_ENDPOINT || 'https://dysmsapi.aliyuncs.com',
    wecomWebhookBase: env.WECOM_WEBHOOK_BASE || 'https://qyapi.weixin.qq.com',
    ...secretsKeyOf(env, isProduction),
    trustProxy: env.TRUST_PROXY === 'true',
    captchaFixedText: captchaFixedTextOf(env, isProduction),
    outboundAllow: outboundAllowOf(env, isProduction),
    storeUrlScheme: storeUrlSchemeOf(env),
    // Last, so the checks above say what else is wrong first.
    shopBaseDomain: shopBaseDomainOf(env, isProduction),
  };
}
