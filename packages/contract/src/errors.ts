/**
 * The API's answer codes. Every answer is `{ code, msg, data }` with HTTP 200; `code` 200 is
 * success and anything else is a failure the console shows. `msg` is written in the caller's
 * language from {@link errorMessages}.
 */
export const ErrorCode = {
  /** The call succeeded. */
  OK: 200,
  /** The bearer token is missing, unknown, expired or revoked: the console signs the user out. */
  TOKEN_EXPIRED: 10000,
  /** A field of the body broke a rule; `msg` names the field. */
  VALIDATION_FAILED: 10001,
  /** The body is not JSON, or not an object. */
  MALFORMED_REQUEST: 10002,
  /** A valid session of the wrong kind (merchant on an operator call and back), or a record of another tenant. */
  NO_PERMISSION: 10003,
  /** The call or the record does not exist. */
  NOT_FOUND: 10004,
  /** Too many requests from this address or for this target; `data.retry_after` says when to try again. */
  TOO_MANY_REQUESTS: 10029,
  /**
   * The path takes another HTTP method (a GET on an Open API path, which takes POST only); HTTP 405
   * with an `Allow` header naming the methods it takes.
   */
  METHOD_NOT_ALLOWED: 10405,
  /** An unexpected failure on our side; details are in the server log, never in the answer. */
  SERVER_ERROR: 10500,
  /** The Idempotency-Key header is empty, longer than 255 characters or not printable ASCII. */
  IDEMPOTENCY_KEY_INVALID: 10040,
  /** A request with this Idempotency-Key is still running; try again in a moment (same key) to get its answer. */
  IDEMPOTENCY_IN_PROGRESS: 10041,
  /** The Idempotency-Key was used already for another request (another body, call or account); use a new key. */
  IDEMPOTENCY_KEY_REUSED: 10042,
  /** A failure the catalogue has no better code for. */
  UNKNOWN_ERROR: 10999,
  /** Wrong account or password; `data.captcha_required` says whether the next try needs a captcha. */
  LOGIN_FAILED: 11001,
  /** The account is disabled by an operator. */
  ACCOUNT_DISABLED: 11002,
  /** Too many failed logins for this account recently: the next try must carry an image captcha. */
  CAPTCHA_REQUIRED: 11003,
  /** The captcha answer is wrong, expired or already used; a new captcha must be fetched. */
  CAPTCHA_WRONG: 11004,
  /** Registration failed for a reason other than the ones below. */
  REGISTER_FAILED: 11010,
  /** Registration with an email or phone that already has an account. */
  ACCOUNT_EXISTS: 11011,
  /** The verification code is wrong, expired, used, or was tried too many times. */
  CODE_INVALID: 11020,
  /**
   * Operator sign-in: the password was right and the operator has two-factor sign-in on; `data`
   * carries `challenge_id` and `expires_in` for the second step (`admin/member/user/login_two_factor`).
   */
  TWO_FACTOR_REQUIRED: 11030,
  /** The authenticator or recovery code is wrong, or was used already. */
  TWO_FACTOR_CODE_INVALID: 11031,
  /** The second sign-in step is unknown, expired, used, or had too many wrong codes: sign in with the password again. */
  TWO_FACTOR_CHALLENGE_EXPIRED: 11032,
  /** The platform rule requires two-factor sign-in and this operator has not turned it on: only enrolment (and sign-out) is allowed. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 11033,
  /** Two-factor sign-in is not in the state the action needs (turning it on twice, confirming without a setup, turning off what is off). */
  TWO_FACTOR_STATE_INVALID: 11034,
  /** A page's data could not be loaded (the console's message for a failed list or detail). */
  LOAD_FAILED: 12001,
  /** The payment provider refused or failed the payment of a bill. */
  PAYMENT_FAILED: 12010,
  /** An unpaid bill for the same purchase exists already; `data` names it so the console can offer to pay it. */
  ORDER_EXISTS: 12011,
  /** A bill whose payment window has passed was paid or opened for payment. */
  ORDER_EXPIRED: 12012,
  /** A purchase (plugin, traffic package, store) arrived with data that does not fit its product. */
  PURCHASE_DATA_INVALID: 12013,
  /** The merchant has as many stores as the platform allows. */
  STORE_LIMIT_REACHED: 12020,
  /** The shopId asked for is taken by another store of the platform. */
  SHOP_ID_TAKEN: 12021,
  /** The shopId asked for is reserved for the platform's own hosts (RESERVED_SHOP_IDS, the hosts' labels, the operator's list). */
  SHOP_ID_RESERVED: 12025,
  /** A trial was asked for a version without trial days, or the merchant has had a trial already. */
  TRIAL_UNAVAILABLE: 12022,
  /** The store's state does not allow the action (renewing an initialising store, entering an unready store, …). */
  STORE_STATE_INVALID: 12023,
  /** The bill is no longer unpaid (paid, cancelled or expired), so it can be neither paid nor cancelled. */
  BILL_STATE_INVALID: 12014,
  /** The bill was refunded already (a second refund, or one racing the first, changes nothing). */
  BILL_REFUNDED: 12015,
  /** The provider refused or could not be reached for a refund; `msg` carries its words. Nothing changed. */
  REFUND_FAILED: 12016,
  /** A ticket into a store's admin is unknown, forged, expired or redeemed already. */
  TICKET_INVALID: 12024,
  /** The DNS records of a domain being bound do not point at the platform yet. */
  DOMAIN_VERIFICATION_FAILED: 12030,
  /** The store has as many domains as its version (or the platform rule) allows. */
  DOMAIN_LIMIT_REACHED: 12031,
  /** The domain's state does not allow the action (a binding domain made primary, the system or primary domain removed, a redirect on the primary). */
  DOMAIN_STATE_INVALID: 12032,
  /** An upload is not a JPG or PNG image (checked by content), or is too large. */
  UPLOAD_FORMAT_INVALID: 12040,
  /** A mail, SMS or WeCom message was refused by the provider or could not reach it; `msg` carries the provider's words. */
  DELIVERY_FAILED: 12050,
  /** Open API: the `x-api-key` (or bearer) key is missing or belongs to no store (rotated keys stop at once). */
  OPEN_KEY_INVALID: 13001,
  /** Open API: the key's store is not on trial or operating (unpaid, initialising, pending renewal, disabled). */
  OPEN_STORE_NOT_RUNNING: 13002,
  /** Open API: the platform is unknown, or its data source is missing or switched off by an operator. */
  OPEN_PLATFORM_DISABLED: 13003,
  /** Open API: the platform has no API with this code, or an operator switched it off. */
  OPEN_API_DISABLED: 13004,
  /** Open API: the call's parameters are missing or malformed; `msg` names the parameter. Not charged. */
  OPEN_PARAMS_INVALID: 13005,
  /** Open API: no active package (the store's own, then general ones) has enough units left. Logged, not charged. */
  OPEN_QUOTA_EXHAUSTED: 13006,
  /** Open API: the product-data provider failed or answered an error; the units were given back. */
  OPEN_UPSTREAM_FAILED: 13007,
  /** Open API: the product-data provider did not answer within the configured timeout; the units were given back. */
  OPEN_UPSTREAM_TIMEOUT: 13008,
  /**
   * Open API: the key's merchant is disabled by an operator, which suspends the keys of all its stores
   * until it is enabled again. Not logged, not charged, not counted in the reports.
   */
  OPEN_KEY_SUSPENDED: 13009,
  /**
   * Open API: the marketplace answered that the item does not exist (taken down, or a wrong ID); the
   * units were given back. The storefront answers its item page 404 with a search box.
   */
  OPEN_ITEM_NOT_FOUND: 13012,
  /** Core data: the platform has a data source already (one per platform). */
  DATA_SOURCE_EXISTS: 13010,
  /** Core data: the platform has an API with this code already. */
  OPEN_API_EXISTS: 13011,
  /** The traffic package plan does not exist or is not on sale (disabled). */
  PLAN_UNAVAILABLE: 13020,
  /** A store plan was ordered without choosing the store (shop_id) it is for. */
  PACKAGE_SHOP_REQUIRED: 13021,
  /** The store a package is ordered for is not on trial or operating. */
  PACKAGE_SHOP_NOT_RUNNING: 13022,
  /** Plugin catalogue: another plugin has this code already (codes are unique and never change). */
  PLUGIN_CODE_TAKEN: 12060,
  /** A plugin type still used by a plugin cannot be deleted. */
  PLUGIN_TYPE_IN_USE: 12061,
  /** The plugin does not exist or is not in the market (unlisted), so it cannot be taken. */
  PLUGIN_UNAVAILABLE: 12062,
  /** The store's version may not have this plugin; `data.packages` names the versions that may. */
  PLUGIN_VERSION_UNAVAILABLE: 12063,
  /** A plugin was taken for a store that is not on trial or operating. */
  PLUGIN_SHOP_NOT_RUNNING: 12064,
  /** The store has the plugin already (installed, bought, or on a trial still running). */
  PLUGIN_INSTALLED: 12065,
  /** A trial was asked for a plugin without trial days, a free one, or one tried on this store before. */
  PLUGIN_TRIAL_UNAVAILABLE: 12066,
  /** The plugin's trial on this store has ended: it stays disabled until bought. */
  PLUGIN_TRIAL_EXPIRED: 12067,
  /** The store does not have this plugin (up_status on a plugin never installed). */
  PLUGIN_NOT_INSTALLED: 12068,
  /** The store has as many picks (items pinned for its home page) as allowed ({@link STORE_PICKS_MAX}). */
  PICK_LIMIT_REACHED: 12070,
  /** The item is among the store's picks already (one pick per platform and item). */
  PICK_EXISTS: 12071,
} as const;

export type ErrorKey = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorKey];

export type Lang = 'zh-CN' | 'en-US';
export const languages: readonly Lang[] = ['zh-CN', 'en-US'];
export const defaultLang: Lang = 'zh-CN';

/** Normalises a `lang_code` value (zh-CN, zh, en-US, en, any case) to a supported language. */
export function toLang(value: unknown): Lang {
  if (typeof value !== 'string') return defaultLang;
  const lower = value.toLowerCase();
  if (lower.startsWith('en')) return 'en-US';
  return defaultLang;
}

/** Default message of each code in both languages; the server may pass a more precise one. */
export const errorMessages: Record<ErrorKey, Record<Lang, string>> = {
  OK: { 'zh-CN': '操作成功', 'en-US': 'Success' },
  TOKEN_EXPIRED: { 'zh-CN': '登录验证已过期，请重新登录', 'en-US': 'Login verification expired, please login again' },
  VALIDATION_FAILED: { 'zh-CN': '请求参数有误', 'en-US': 'The request has invalid fields' },
  MALFORMED_REQUEST: { 'zh-CN': '请求体不是有效的 JSON 对象', 'en-US': 'The request body is not a valid JSON object' },
  NO_PERMISSION: { 'zh-CN': '没有权限', 'en-US': 'No permission' },
  NOT_FOUND: { 'zh-CN': '请求的资源不存在', 'en-US': 'Resource not found' },
  TOO_MANY_REQUESTS: { 'zh-CN': '操作过于频繁，请稍后再试', 'en-US': 'Too many requests, please try again later' },
  // `{{allow}}`: the methods the path takes (the Allow header's value).
  METHOD_NOT_ALLOWED: { 'zh-CN': '不支持该请求方法，请使用 {{allow}}', 'en-US': 'Method not allowed: use {{allow}}' },
  SERVER_ERROR: { 'zh-CN': '服务器错误，请稍后再试', 'en-US': 'Server error, please try again later' },
  UNKNOWN_ERROR: { 'zh-CN': '未知错误', 'en-US': 'Unknown error' },
  IDEMPOTENCY_KEY_INVALID: {
    'zh-CN': '请求头 Idempotency-Key 无效：须为 1-255 个可打印 ASCII 字符',
    'en-US': 'The Idempotency-Key header is invalid: use 1-255 printable ASCII characters',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    'zh-CN': '相同的请求正在处理中，请稍候再试',
    'en-US': 'The same request is still being processed, please try again in a moment',
  },
  IDEMPOTENCY_KEY_REUSED: {
    'zh-CN': '该 Idempotency-Key 已用于另一个请求，请使用新的键',
    'en-US': 'This Idempotency-Key was already used for a different request, please use a new key',
  },
  LOGIN_FAILED: { 'zh-CN': '账号或密码错误', 'en-US': 'Incorrect account or password' },
  ACCOUNT_DISABLED: {
    'zh-CN': '账号已被禁用，请联系平台客服',
    'en-US': 'This account is disabled, please contact support',
  },
  CAPTCHA_REQUIRED: {
    'zh-CN': '登录失败次数过多，请输入图形验证码',
    'en-US': 'Too many failed logins, please enter the captcha',
  },
  CAPTCHA_WRONG: { 'zh-CN': '图形验证码错误或已过期', 'en-US': 'The captcha is wrong or expired' },
  TWO_FACTOR_REQUIRED: {
    'zh-CN': '请输入身份验证器中的动态验证码',
    'en-US': 'Enter the code from your authenticator app',
  },
  TWO_FACTOR_CODE_INVALID: {
    'zh-CN': '动态验证码或恢复码错误，或已使用过',
    'en-US': 'The authenticator or recovery code is wrong or was used already',
  },
  TWO_FACTOR_CHALLENGE_EXPIRED: {
    'zh-CN': '验证已过期，请重新输入账号和密码登录',
    'en-US': 'The verification has expired, please sign in with your password again',
  },
  TWO_FACTOR_ENROLMENT_REQUIRED: {
    'zh-CN': '平台要求运营账号开启两步验证，请先完成设置',
    'en-US': 'The platform requires two-factor sign-in for operators: set it up first',
  },
  TWO_FACTOR_STATE_INVALID: {
    'zh-CN': '两步验证状态已变化，请刷新页面后重试',
    'en-US': 'Two-factor sign-in has changed state; reload the page and try again',
  },
  REGISTER_FAILED: { 'zh-CN': '注册失败，请稍后再试', 'en-US': 'Registration failed, please try again later' },
  ACCOUNT_EXISTS: { 'zh-CN': '该账号已注册，请直接登录', 'en-US': 'This account is already registered, please log in' },
  CODE_INVALID: { 'zh-CN': '验证码错误或已过期', 'en-US': 'The verification code is wrong or expired' },
  LOAD_FAILED: { 'zh-CN': '加载失败，请稍后重试', 'en-US': 'Failed to load, please try again' },
  PAYMENT_FAILED: {
    'zh-CN': '支付失败，请重试或更换支付方式',
    'en-US': 'Payment failed, please try again or choose another method',
  },
  ORDER_EXISTS: {
    'zh-CN': '已有未支付的订单，请先完成支付或取消',
    'en-US': 'An unpaid order exists already, please pay or cancel it first',
  },
  ORDER_EXPIRED: { 'zh-CN': '订单已过期，请重新下单', 'en-US': 'This order has expired, please place a new one' },
  PURCHASE_DATA_INVALID: { 'zh-CN': '购买数据格式错误', 'en-US': 'The purchase data is not in the right format' },
  // `{{limit}}`: the platform's store limit per merchant, filled in by errorMessage's params.
  STORE_LIMIT_REACHED: {
    'zh-CN': '店铺数量已达上限：每个商户最多 {{limit}} 个店铺',
    'en-US': 'You have reached the limit of {{limit}} stores',
  },
  DOMAIN_VERIFICATION_FAILED: {
    'zh-CN': '域名验证失败，请检查 DNS 解析（生效约需 10 分钟）',
    'en-US': 'Domain verification failed, please check the DNS records (changes take about 10 minutes)',
  },
  // `{{limit}}`: the store's domain limit (its version's, else the platform rule), filled in by errorMessage's params.
  DOMAIN_LIMIT_REACHED: {
    'zh-CN': '域名数量已达上限：该店铺最多 {{limit}} 个域名',
    'en-US': 'This store has reached its limit of {{limit}} domains',
  },
  DOMAIN_STATE_INVALID: {
    'zh-CN': '域名当前状态不支持该操作',
    'en-US': 'The domain cannot do this in its current state',
  },
  UPLOAD_FORMAT_INVALID: { 'zh-CN': '仅支持 JPG 和 PNG 格式的图片', 'en-US': 'Only JPG and PNG images are allowed' },
  DELIVERY_FAILED: {
    'zh-CN': '发送失败，请检查配置后重试',
    'en-US': 'Sending failed, please check the settings and try again',
  },
  SHOP_ID_TAKEN: { 'zh-CN': '该店铺 ID 已被占用，请换一个', 'en-US': 'This store ID is taken, please choose another' },
  // `{{shop_id}}`: the store ID asked for.
  SHOP_ID_RESERVED: {
    'zh-CN': '店铺 ID「{{shop_id}}」为平台保留，请换一个',
    'en-US': 'Store ID "{{shop_id}}" is reserved by the platform, please choose another',
  },
  TRIAL_UNAVAILABLE: {
    'zh-CN': '该版本不提供试用，或您已使用过试用',
    'en-US': 'This version has no trial, or you have had a trial already',
  },
  STORE_STATE_INVALID: {
    'zh-CN': '店铺当前状态不支持该操作',
    'en-US': 'The store cannot do this in its current state',
  },
  BILL_STATE_INVALID: {
    'zh-CN': '账单已支付、已取消或已过期',
    'en-US': 'This bill is already paid, cancelled or expired',
  },
  BILL_REFUNDED: { 'zh-CN': '该账单已退款，不能再次退款', 'en-US': 'This bill has been refunded already' },
  REFUND_FAILED: {
    'zh-CN': '退款失败，请稍后重试或检查支付设置',
    'en-US': 'The refund failed, please try again later or check the payment settings',
  },
  TICKET_INVALID: { 'zh-CN': '登录凭证无效或已过期', 'en-US': 'The sign-in ticket is invalid or has expired' },
  OPEN_KEY_INVALID: {
    'zh-CN': 'API 密钥无效，请在流量管理的 API 密钥中复制',
    'en-US': 'The API key is invalid; copy it from Traffic → API keys',
  },
  OPEN_STORE_NOT_RUNNING: {
    'zh-CN': '店铺不在试用或运营中，无法调用接口',
    'en-US': 'The store is not on trial or operating, so it cannot call the API',
  },
  OPEN_PLATFORM_DISABLED: {
    'zh-CN': '该平台的数据源未开通或已停用',
    'en-US': 'The data source of this platform is not available',
  },
  OPEN_API_DISABLED: { 'zh-CN': '该接口不存在或已停用', 'en-US': 'This API does not exist or is disabled' },
  OPEN_PARAMS_INVALID: { 'zh-CN': '接口参数有误', 'en-US': 'The call parameters are not valid' },
  OPEN_QUOTA_EXHAUSTED: {
    'zh-CN': '流量包额度不足，请购买流量包后再试',
    'en-US': 'Quota exhausted: no traffic package has enough units left, please buy a package',
  },
  OPEN_UPSTREAM_FAILED: {
    'zh-CN': '数据源调用失败，本次不扣流量',
    'en-US': 'The data source failed; this call was not charged',
  },
  OPEN_UPSTREAM_TIMEOUT: {
    'zh-CN': '数据源响应超时，本次不扣流量',
    'en-US': 'The data source did not answer in time; this call was not charged',
  },
  OPEN_KEY_SUSPENDED: {
    'zh-CN': '商户账号已被平台停用，其店铺的 API 密钥暂停使用，本次不扣流量；账号恢复后密钥自动恢复',
    'en-US':
      'The merchant account is disabled by the platform, so its stores’ API keys are suspended; ' +
      'this call was not charged. The keys work again once the account is enabled',
  },
  DATA_SOURCE_EXISTS: { 'zh-CN': '该平台已有数据源', 'en-US': 'This platform has a data source already' },
  OPEN_ITEM_NOT_FOUND: {
    'zh-CN': '商品不存在（可能已下架或编号有误），本次不扣流量',
    'en-US': 'The item does not exist (taken down, or a wrong ID); this call was not charged',
  },
  PICK_LIMIT_REACHED: {
    'zh-CN': '精选商品已达上限：每个店铺最多 {{limit}} 件',
    'en-US': 'A store can pin at most {{limit}} picks',
  },
  PICK_EXISTS: { 'zh-CN': '该商品已在精选列表中', 'en-US': 'This item is among the picks already' },
  OPEN_API_EXISTS: { 'zh-CN': '该平台已有相同编码的接口', 'en-US': 'This platform has an API with this code already' },
  PLAN_UNAVAILABLE: {
    'zh-CN': '该流量包套餐不存在或已下架',
    'en-US': 'This traffic package plan does not exist or is no longer on sale',
  },
  PACKAGE_SHOP_REQUIRED: {
    'zh-CN': '店铺流量包须选择店铺（shop_id）',
    'en-US': 'A store package needs the store it is for (shop_id)',
  },
  PLUGIN_CODE_TAKEN: { 'zh-CN': '插件编码已被使用', 'en-US': 'This plugin code is in use already' },
  PLUGIN_TYPE_IN_USE: {
    'zh-CN': '该插件类型下还有插件，不能删除',
    'en-US': 'Plugins still use this type, so it cannot be deleted',
  },
  PLUGIN_UNAVAILABLE: {
    'zh-CN': '该插件不存在或已下架',
    'en-US': 'This plugin does not exist or is no longer in the market',
  },
  PLUGIN_VERSION_UNAVAILABLE: {
    'zh-CN': '该店铺的版本不支持此插件，请升级版本',
    'en-US': "This store's version does not include this plugin; renew into a version that does",
  },
  PLUGIN_SHOP_NOT_RUNNING: {
    'zh-CN': '只能为试用中或运营中的店铺安装插件',
    'en-US': 'Plugins can only be added to a store on trial or operating',
  },
  PLUGIN_INSTALLED: { 'zh-CN': '该店铺已安装此插件', 'en-US': 'This store has this plugin already' },
  PLUGIN_TRIAL_UNAVAILABLE: {
    'zh-CN': '该插件不可试用，或此店铺已试用过',
    'en-US': 'This plugin has no trial, or this store has tried it before',
  },
  PLUGIN_TRIAL_EXPIRED: {
    'zh-CN': '插件试用已结束，购买后才能启用',
    'en-US': 'The trial of this plugin has ended; buy it to enable it again',
  },
  PLUGIN_NOT_INSTALLED: { 'zh-CN': '该店铺未安装此插件', 'en-US': 'This store does not have this plugin' },
  PACKAGE_SHOP_NOT_RUNNING: {
    'zh-CN': '只能为试用中或运营中的店铺购买流量包',
    'en-US': 'Packages can only be bought for a store on trial or operating',
  },
};

/**
 * The message of a code in a language, with its `{{name}}` placeholders filled from `params`
 * (the same syntax i18next fills in the console, so both read the same).
 */
export function errorMessage(key: ErrorKey, lang: Lang, params: Record<string, string | number> = {}): string {
  return errorMessages[key][lang].replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}

/** Finds the catalogue key of a numeric code, if it is one of ours. */
export function errorKeyOf(code: number): ErrorKey | undefined {
  return (Object.keys(ErrorCode) as ErrorKey[]).find((key) => ErrorCode[key] === code);
}
