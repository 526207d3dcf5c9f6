/** Constants of the product specification (§9 and the account rules), shared by API and console. */

/** Password length limits (spec §5, §9). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 16;
/** Verification code length limits accepted from users (spec §5, §9). */
export const CODE_MIN_LENGTH = 4;
export const CODE_MAX_LENGTH = 6;
/** Length of the codes the platform generates. */
export const GENERATED_CODE_LENGTH = 6;
/** Validity of a verification code. */
export const CODE_TTL_SECONDS = 10 * 60;
/** Wrong tries after which a verification code is void. */
export const CODE_MAX_ATTEMPTS = 5;
/** Seconds before the same target can be sent a new code; the console counts down from it. */
export const CODE_RESEND_SECONDS = 60;
/** shopId is at most this long (spec §5, §9). */
export const SHOP_ID_MAX_LENGTH = 20;
/**
 * Store IDs no store may take: a store ID becomes the subdomain `<shop_id>.<SHOP_BASE_DOMAIN>`,
 * and these name the platform's own hosts and services (or look as if they did) on the platform's
 * domain. The API adds the first labels of SITE_HOSTS and CONSOLE_HOSTS; the operator may add more
 * in settings (platform rules). Only names a store ID can be: lowercase letters and digits.
 */
export const RESERVED_SHOP_IDS = [
  'www',
  'admin',
  'api',
  'app',
  'apps',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'pop3',
  'mx',
  'ftp',
  'sftp',
  'ssh',
  'vpn',
  'ns',
  'ns1',
  'ns2',
  'ns3',
  'ns4',
  'dns',
  'static',
  'assets',
  'cdn',
  'img',
  'images',
  'media',
  'files',
  'upload',
  'uploads',
  'download',
  'shop',
  'store',
  'stores',
  'help',
  'docs',
  'doc',
  'status',
  'm',
  'mobile',
  'wap',
  'blog',
  'news',
  'forum',
  'community',
  'dev',
  'test',
  'testing',
  'stage',
  'staging',
  'demo',
  'sandbox',
  'preview',
  'beta',
  'alpha',
  'local',
  'localhost',
  'internal',
  'support',
  'billing',
  'pay',
  'payment',
  'payments',
  'checkout',
  'cashier',
  'invoice',
  'console',
  'dashboard',
  'panel',
  'login',
  'logout',
  'signin',
  'signup',
  'register',
  'auth',
  'oauth',
  'sso',
  'account',
  'accounts',
  'user',
  'users',
  'my',
  'platform',
  'merchant',
  'merchants',
  'operator',
  'operators',
  'open',
  'openapi',
  'webhook',
  'webhooks',
  'callback',
  'notify',
  'root',
  'system',
  'sys',
  'host',
  'server',
  'gateway',
  'proxy',
  'secure',
  'security',
  'ssl',
  'tls',
  'www1',
  'www2',
  'parlour',
  'official',
  'service',
  'services',
  'cloud',
  'portal',
  'home',
  'index',
  'about',
  'contact',
  'legal',
  'privacy',
  'terms',
] as const;
/** How many store IDs the operator may add to the reserved list. */
export const RESERVED_SHOP_IDS_MAX = 500;

/** Session token lifetime, refreshed on use. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Request timeouts of the console (spec §9), in milliseconds. */
export const REQUEST_TIMEOUT_MS = 12_000;
export const UPLOAD_TIMEOUT_MS = 120_000;
export const LARGE_UPLOAD_TIMEOUT_MS = 300_000;
export const LARGE_UPLOAD_BYTES = 100 * 1024 * 1024;
/** Delay between pressing logout and leaving the console (spec §9). */
export const LOGOUT_DELAY_MS = 1_000;
/** Delay between the token-expired message and the login page, and the reset of its flag (spec §9). */
export const TOKEN_EXPIRED_REDIRECT_MS = 1_500;
export const TOKEN_EXPIRED_FLAG_RESET_MS = 1_000;
/** The loading overlay hides itself after this long by default, and the initial loader is gone by then. */
export const LOADING_AUTO_HIDE_MS = 3_000;

/** Length of the client id kept in localStorage (spec §3). */
export const CLIENT_ID_LENGTH = 21;

/** Month terms and year terms a store can be bought or renewed for (spec §9). */
export const MONTH_TERMS = [1, 3, 6, 9, 12] as const;
export const YEAR_TERMS = [1, 2, 3, 4, 5] as const;
/** Payment methods (spec §9). */
export const PAY_METHODS = ['wechat', 'alipay', 'paypal'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
/** Platforms of product-data logs (spec §9). */
export const LOG_PLATFORMS = ['1688', 'taobao', 'micro_store', 'jd'] as const;
/** Time filters (spec §9). */
export const TIME_FILTERS = ['today', 'last_7_days', 'last_30_days', 'custom'] as const;

/** DNS changes take about this long to be visible (spec §9); the domain steps say so. */
export const DNS_PROPAGATION_MINUTES = 10;

/** Largest page a list call returns. */
export const MAX_PAGE_LIMIT = 100;

/** Headers the console sends with every call (spec §7). */
export const PAGE_URL_HEADER = 'x-page-url';
export const CLIENT_ID_HEADER = 'x-client-id';
/**
 * Writing calls (`isWrite`) take this header: printable ASCII, 1 to {@link IDEMPOTENCY_KEY_MAX_LENGTH}
 * characters, one key per submission. A repeat within {@link IDEMPOTENCY_KEY_TTL_HOURS} hours
 * answers the stored first answer (marked by {@link IDEMPOTENT_REPLAYED_HEADER}).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** `true` on an answer replayed from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key's answer is kept and replayed; the purge job drops it after that. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** The two principals (spec §6). */
export const ROLES = ['merchant', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A term a store is bought or renewed for: `month` with a MONTH_TERMS value or `year` with a YEAR_TERMS value. */
export const TERM_TYPES = ['month', 'year'] as const;
export type TermType = (typeof TERM_TYPES)[number];
/** Every (type, term) pair a store version has a price for, in display order. */
export const ALL_TERMS: ReadonlyArray<{ type: TermType; term: number }> = [
  ...MONTH_TERMS.map((term) => ({ type: 'month' as const, term })),
  ...YEAR_TERMS.map((term) => ({ type: 'year' as const, term })),
];

/**
 * Store status (spec §4). `unpaid`: created with "create and pay", waiting for its first bill;
 * `initializing`: paid or trial started, being provisioned; then on trial / operating until the
 * expiry time, pending renewal during the grace period, disabled after it or by an operator.
 * `cancelled`: an unpaid store whose first bill was cancelled or expired; it no longer counts
 * against the store limit and its store ID can be taken again.
 */
export const STORE_STATUSES = [
  'unpaid',
  'initializing',
  'trial',
  'operating',
  'pending_renewal',
  'disabled',
  'cancelled',
] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
/** Tabs of the store lists (spec §2). */
export const STORE_TABS = ['all', 'operating', 'disabled', 'pending_renewal'] as const;
export type StoreTab = (typeof STORE_TABS)[number];

/** Bill status (spec §4); an unpaid bill expires by itself at the end of its payment window. */
/** `refunded`: paid (or paid late) and refunded in full by an operator through its provider (docs/payments.md). */
export const BILL_STATUSES = ['unpaid', 'paid', 'cancelled', 'expired', 'refunded'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
/**
 * A refund the provider has not completed (docs/payments.md): `pending` while it processes (WeChat
 * Pay PROCESSING), `failed` when it ended without refunding (ABNORMAL, CLOSED). A completed refund
 * is the bill's status `refunded`; a bill without a refund under way has none (null).
 */
export const REFUND_STATES = ['pending', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
/** What a bill is for; plugin and traffic-package bills come with their features. */
export const BILL_TYPES = ['new_store', 'renewal', 'plugin', 'traffic_package'] as const;
export type BillType = (typeof BILL_TYPES)[number];
/** How a bill was paid: through a payment provider, or recorded by an operator (offline). */
export const BILL_CHANNELS = ['online', 'offline'] as const;

/** Merchant type and account status; an operator disables an account, which ends its sessions. */
export const MERCHANT_TYPES = ['individual', 'enterprise'] as const;
export type MerchantType = (typeof MERCHANT_TYPES)[number];
export const MERCHANT_STATUSES = ['active', 'disabled'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];

/** Money travels as integer minor units plus an ISO 4217 currency code. */
export const DEFAULT_CURRENCY = 'CNY';

/** The console shows a slow-initialisation message when a store is still initialising after this long. */
export const STORE_INIT_SLOW_AFTER_MS = 30_000;
/** How often the console asks whether a new store is ready. */
export const STORE_INIT_POLL_MS = 2_000;
/** A ticket into a store's admin is valid this long, once. */
export const STORE_TICKET_TTL_SECONDS = 60;

/** Defaults of the platform rules an operator can change in settings. */
export const DEFAULT_PLATFORM_RULES = {
  /** Failed logins of one account after which a captcha is required; the API's LOGIN_CAPTCHA_THRESHOLD overrides this default. */
  captcha_failure_threshold: 5,
  store_limit_per_merchant: 5,
  /** Custom domains one store may add, its system domain not counted (spec §5: "up to a maximum number"). */
  domains_per_store: 3,
  grace_days: 7,
  payment_window_minutes: 30,
} as const;

/** Exports of lists are built server-side in these formats; at most this many rows. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_MAX_ROWS = 100_000;
