import path from 'node:path';
import { parseLogFormat, type LogFormat } from './lib/logger';
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
  /** Where the built console lives; served when it exists. */
  webDistDir: string;
  logLevel: string;
  /** `pretty` lines for a terminal or `json` lines for collectors (LOG_FORMAT; by default pretty when stdout is a terminal). */
  logFormat: LogFormat;
  /** Argon2 memory cost in KiB; tests lower it, production keeps the OWASP figure. */
  passwordMemoryCost: number;
  /** Stores get the system domain `<shop_id>.<shopBaseDomain>`; their admin is at https://<domain>/admin. */
  shopBaseDomain: string;
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

function secretsKeyOf(env: NodeJS.ProcessEnv, isProduction: boolean): Pick<Config, 'secretsKey' | 'isDevelopmentSecretsKey'> {
  if (env.SECRETS_KEY) return { secretsKey: parseSecretsKey(env.SECRETS_KEY), isDevelopmentSecretsKey: false };
  if (isProduction) throw new Error('SECRETS_KEY must be set when NODE_ENV=production (32 bytes: `openssl rand -base64 32`)');
  return { secretsKey: DEVELOPMENT_SECRETS_KEY, isDevelopmentSecretsKey: true };
}

function paymentProviderOf(env: NodeJS.ProcessEnv, isProduction: boolean): Config['paymentProvider'] {
  const value = env.PAYMENT_PROVIDER || (isProduction ? 'none' : 'sandbox');
  if (value !== 'sandbox' && value !== 'none') throw new Error(`PAYMENT_PROVIDER must be sandbox or none, got "${value}"`);
  // The sandbox cashier pays without money changing hands: never in production.
  if (value === 'sandbox' && isProduction) throw new Error('PAYMENT_PROVIDER=sandbox is refused when NODE_ENV=production');
  return value;
}

function captchaFixedTextOf(env: NodeJS.ProcessEnv, isProduction: boolean): string | undefined {
  if (!env.CAPTCHA_FIXED_TEXT) return undefined;
  if (isProduction) throw new Error(CAPTCHA_FIXED_TEXT_REFUSED);
  return env.CAPTCHA_FIXED_TEXT;
}

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
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: parseLogFormat(env.LOG_FORMAT, Boolean(process.stdout.isTTY)),
    passwordMemoryCost: integer(env.PASSWORD_MEMORY_COST_KIB, 19_456, 'PASSWORD_MEMORY_COST_KIB'),
    shopBaseDomain: (env.SHOP_BASE_DOMAIN || 'parlour.shop').toLowerCase(),
    paymentProvider: paymentProviderOf(env, isProduction),
    uploadDir: path.resolve(repoRoot, env.UPLOAD_DIR ?? '.data-uploads'),
    aliyunSmsEndpoint: env.ALIYUN_SMS_ENDPOINT || 'https://dysmsapi.aliyuncs.com',
    wecomWebhookBase: env.WECOM_WEBHOOK_BASE || 'https://qyapi.weixin.qq.com',
    ...secretsKeyOf(env, isProduction),
    trustProxy: env.TRUST_PROXY === 'true',
    captchaFixedText: captchaFixedTextOf(env, isProduction),
  };
}
