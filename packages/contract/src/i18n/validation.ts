import type { Lang } from '../errors';
import { describeIssue } from './issue';

/**
 * Messages of the shared validation rules. A zod schema carries the key as its error message;
 * the API and the console both translate it from here, so a rule reads the same on both sides.
 * Each message names its field.
 */
export const validationMessages = {
  account_required: { 'zh-CN': '请输入账号', 'en-US': 'Account is required' },
  account_invalid: { 'zh-CN': '账号须为有效的邮箱或手机号', 'en-US': 'Account must be a valid email or phone number' },
  email_required: { 'zh-CN': '请输入邮箱', 'en-US': 'Email is required' },
  email_invalid: { 'zh-CN': '邮箱格式不正确', 'en-US': 'Email is not a valid address' },
  mobile_required: { 'zh-CN': '请输入手机号', 'en-US': 'Phone number is required' },
  mobile_invalid: { 'zh-CN': '手机号格式不正确', 'en-US': 'Phone number is not valid' },
  password_required: { 'zh-CN': '请输入密码', 'en-US': 'Password is required' },
  password_length: { 'zh-CN': '密码长度须为 6-16 位', 'en-US': 'Password must be 6-16 characters' },
  password_complexity: {
    'zh-CN': '密码须包含大写字母、小写字母、数字和特殊字符',
    'en-US': 'Password must contain upper case, lower case, a digit and a special character',
  },
  current_password_required: { 'zh-CN': '请输入当前密码', 'en-US': 'Current password is required' },
  current_password_wrong: { 'zh-CN': '当前密码不正确', 'en-US': 'Current password is not correct' },
  password_same_as_current: {
    'zh-CN': '新密码不能与当前密码相同',
    'en-US': 'New password must differ from the current password',
  },
  confirm_password_required: { 'zh-CN': '请再次输入密码', 'en-US': 'Confirm password is required' },
  confirm_password_mismatch: {
    'zh-CN': '两次输入的密码不一致',
    'en-US': 'Confirm password does not match the password',
  },
  code_required: { 'zh-CN': '请输入验证码', 'en-US': 'Verification code is required' },
  code_invalid: { 'zh-CN': '验证码须为 4-6 位字母或数字', 'en-US': 'Verification code must be 4-6 letters or digits' },
  two_factor_code_required: {
    'zh-CN': '请输入动态验证码或恢复码',
    'en-US': 'Authenticator or recovery code is required',
  },
  two_factor_code_invalid: {
    'zh-CN': '动态验证码须为 6 位数字，恢复码形如 abcde-12345',
    'en-US': 'Authenticator code must be 6 digits, a recovery code looks like abcde-12345',
  },
  totp_code_invalid: { 'zh-CN': '动态验证码须为 6 位数字', 'en-US': 'Authenticator code must be 6 digits' },
  require_admin_two_factor_invalid: {
    'zh-CN': '“要求运营开启两步验证”须为开或关',
    'en-US': 'Require operator two-factor sign-in must be on or off',
  },
  challenge_id_required: {
    'zh-CN': '缺少登录验证编号，请重新登录',
    'en-US': 'Sign-in challenge is missing, please sign in again',
  },
  agree_required: { 'zh-CN': '请阅读并同意服务条款', 'en-US': 'You must agree to the terms of service' },
  captcha_required: { 'zh-CN': '请输入图形验证码', 'en-US': 'Captcha is required' },
  event_invalid: { 'zh-CN': '验证码用途不正确', 'en-US': 'Code purpose must be register or forgot' },
  page_invalid: { 'zh-CN': '页码须为正整数', 'en-US': 'Page must be a positive whole number' },
  limit_invalid: { 'zh-CN': '每页条数须为 1-100', 'en-US': 'Limit must be between 1 and 100' },
  sort_field_invalid: {
    'zh-CN': '排序字段须为该列表可排序的列之一',
    'en-US': 'Sort field must be one of the sortable columns of this list',
  },
  sort_order_invalid: { 'zh-CN': '排序方向须为升序或降序', 'en-US': 'Sort order must be ascend or descend' },
  shop_name_required: { 'zh-CN': '请输入店铺名称', 'en-US': 'Store name is required' },
  shop_name_length: { 'zh-CN': '店铺名称最多 50 个字符', 'en-US': 'Store name must be at most 50 characters' },
  shop_id_required: { 'zh-CN': '请输入店铺 ID', 'en-US': 'Store ID is required' },
  shop_id_format: {
    'zh-CN': '店铺 ID 只能包含小写字母和数字',
    'en-US': 'Store ID may contain only lowercase letters and digits',
  },
  shop_id_length: { 'zh-CN': '店铺 ID 最多 20 个字符', 'en-US': 'Store ID must be at most 20 characters' },
  contact_email_required: { 'zh-CN': '请输入联系邮箱', 'en-US': 'Contact email is required' },
  contact_email_invalid: { 'zh-CN': '联系邮箱格式不正确', 'en-US': 'Contact email is not a valid address' },
  package_required: { 'zh-CN': '请选择店铺版本', 'en-US': 'Store version is required' },
  term_type_invalid: { 'zh-CN': '请选择按月或按年', 'en-US': 'Term type must be monthly or yearly' },
  term_invalid: { 'zh-CN': '请选择有效的购买时长', 'en-US': 'Term must be one of the offered terms' },
  renew_version_invalid: {
    'zh-CN': '续费版本须为已上架且高于当前版本的店铺版本',
    'en-US': "Renewal version must be a listed store version higher than the store's current one",
  },
  pay_method_required: { 'zh-CN': '请选择支付方式', 'en-US': 'Pay method is required' },
  version_name_required: { 'zh-CN': '请输入版本名称', 'en-US': 'Version name is required' },
  version_name_length: { 'zh-CN': '版本名称最多 40 个字符', 'en-US': 'Version name must be at most 40 characters' },
  version_description_length: {
    'zh-CN': '版本描述最多 500 个字符',
    'en-US': 'Version description must be at most 500 characters',
  },
  version_feature_required: { 'zh-CN': '请输入功能说明', 'en-US': 'Feature is required' },
  version_feature_length: {
    'zh-CN': '每项功能最多 100 个字符',
    'en-US': 'Each feature must be at most 100 characters',
  },
  version_features_length: { 'zh-CN': '功能列表最多 30 项', 'en-US': 'Features must be at most 30 items' },
  trial_days_invalid: {
    'zh-CN': '试用天数须为 0-90 的整数',
    'en-US': 'Trial days must be a whole number from 0 to 90',
  },
  price_invalid: {
    'zh-CN': '价格须为非负整数（以分计）',
    'en-US': 'Price must be a non-negative whole number of minor units',
  },
  prices_incomplete: { 'zh-CN': '每个购买时长都须设置价格', 'en-US': 'Every term must have a price' },
  currency_invalid: { 'zh-CN': '币种须为 3 位大写字母', 'en-US': 'Currency must be a 3-letter code' },
  id_required: { 'zh-CN': '缺少记录 ID', 'en-US': 'Record ID is required' },
  merchant_required: { 'zh-CN': '请选择商户', 'en-US': 'Merchant is required' },
  date_range_invalid: { 'zh-CN': '时间范围不正确', 'en-US': 'Date range is not valid' },
  audit_action_invalid: { 'zh-CN': '操作类型不正确', 'en-US': 'Action is not valid' },
  audit_target_invalid: { 'zh-CN': '操作对象不正确', 'en-US': 'Target is not valid' },
  job_required: { 'zh-CN': '请选择任务', 'en-US': 'Choose a job' },
  merchant_account_required: {
    'zh-CN': '请填写邮箱或手机号（至少一项）',
    'en-US': 'Email or phone number is required',
  },
  merchant_type_invalid: {
    'zh-CN': '商户类型须为个人或企业',
    'en-US': 'Merchant type must be individual or enterprise',
  },
  merchant_status_invalid: { 'zh-CN': '商户状态须为正常或禁用', 'en-US': 'Merchant status must be active or disabled' },
  nickname_length: { 'zh-CN': '商户名称最多 50 个字符', 'en-US': 'Merchant name must be at most 50 characters' },
  remark_length: { 'zh-CN': '备注最多 200 个字符', 'en-US': 'Remark must be at most 200 characters' },
  form_error: { 'zh-CN': '请检查表单中标红的字段', 'en-US': 'Please check the fields marked in red' },
  // settings
  site_name_required: { 'zh-CN': '请输入站点名称', 'en-US': 'Site name is required' },
  site_name_length: { 'zh-CN': '站点名称最多 50 个字符', 'en-US': 'Site name must be at most 50 characters' },
  domain_required: { 'zh-CN': '请输入域名', 'en-US': 'Domain is required' },
  domain_invalid: {
    'zh-CN': '域名格式不正确，请填写如 shop.example.com 的域名（不含 http://、路径或端口）',
    'en-US': 'Domain must be a name such as shop.example.com (no http://, path or port)',
  },
  domain_ip_literal: { 'zh-CN': '域名不能是 IP 地址', 'en-US': 'Domain must be a name, not an IP address' },
  domain_public_suffix: {
    'zh-CN': '域名不能是公共后缀（如 com.cn），请填写您注册的域名',
    'en-US': 'Domain cannot be a public suffix such as co.uk; enter a domain you registered',
  },
  domain_platform_host: {
    'zh-CN': '域名不能是平台自身的域名',
    'en-US': "Domain cannot be one of the platform's own hosts",
  },
  domain_taken: {
    'zh-CN': '该域名已被其他店铺绑定或正在绑定',
    'en-US': 'Domain is bound (or being bound) to another store',
  },
  domain_exists: { 'zh-CN': '该域名已添加到本店铺', 'en-US': 'Domain is already added to this store' },
  is_redirect_invalid: {
    'zh-CN': '“跳转到主域名”须为开或关',
    'en-US': 'Redirect to the primary domain must be on or off',
  },
  site_domain_invalid: {
    'zh-CN': '站点域名格式不正确（如 www.example.com）',
    'en-US': 'Site domain must be a hostname such as www.example.com',
  },
  keywords_length: { 'zh-CN': '关键词最多 200 个字符', 'en-US': 'Keywords must be at most 200 characters' },
  description_length: { 'zh-CN': '描述最多 500 个字符', 'en-US': 'Description must be at most 500 characters' },
  record_number_length: { 'zh-CN': '备案号最多 50 个字符', 'en-US': 'Record number must be at most 50 characters' },
  copyright_length: { 'zh-CN': '版权信息最多 100 个字符', 'en-US': 'Copyright must be at most 100 characters' },
  service_phone_invalid: { 'zh-CN': '客服电话格式不正确', 'en-US': 'Service phone is not a valid phone number' },
  display_currency_invalid: {
    'zh-CN': '请选择支持的展示币种（每种一次）',
    'en-US': 'Choose supported display currencies, each once',
  },
  exchange_rate_invalid: {
    'zh-CN': '汇率须为大于 0 的数字（1 人民币兑换的金额，最多 8 位小数）',
    'en-US': 'An exchange rate must be a number above 0 (1 CNY in the currency, up to 8 decimals)',
  },
  exchange_rate_required: {
    'zh-CN': '使用店铺自定汇率时，每个展示币种都须填写汇率',
    'en-US': 'With the store’s own rates, every currency shown needs a rate',
  },
  rate_source_invalid: { 'zh-CN': '请选择汇率来源', 'en-US': 'Choose where the rates come from' },
  markup_percent_invalid: {
    'zh-CN': '加价比例须为 0 到 100 之间的整数',
    'en-US': 'Markup must be a whole percent from 0 to 100',
  },
  min_markup_invalid: {
    'zh-CN': '最低加价须为 0 到 100000 元之间的金额',
    'en-US': 'Minimum markup must be an amount from 0 to 100,000 CNY',
  },
  price_rounding_invalid: { 'zh-CN': '请选择价格取整方式', 'en-US': 'Choose how prices are rounded' },
  adds_china_freight_invalid: {
    'zh-CN': '请选择是否加上国内运费',
    'en-US': 'Choose whether China freight is added',
  },
  smtp_host_invalid: { 'zh-CN': 'SMTP 服务器须为有效的主机名', 'en-US': 'SMTP host must be a valid hostname' },
  smtp_host_internal: {
    'zh-CN': 'SMTP 服务器不能是本机、内网、链路本地或保留地址',
    'en-US': 'SMTP host must not be a loopback, private, link-local or reserved address',
  },
  smtp_port_invalid: {
    'zh-CN': 'SMTP 端口须为 1-65535 的整数',
    'en-US': 'SMTP port must be a whole number from 1 to 65535',
  },
  smtp_security_invalid: { 'zh-CN': '请选择加密方式', 'en-US': 'SMTP security must be none, STARTTLS or SSL' },
  smtp_user_length: { 'zh-CN': 'SMTP 用户名最多 200 个字符', 'en-US': 'SMTP user must be at most 200 characters' },
  smtp_password_length: {
    'zh-CN': 'SMTP 密码最多 200 个字符',
    'en-US': 'SMTP password must be at most 200 characters',
  },
  mail_sender_invalid: {
    'zh-CN': '发件人须为邮箱，或“名称 <邮箱>”',
    'en-US': 'Sender must be an email address or "Name <address>"',
  },
  mail_sender_required: {
    'zh-CN': '设置 SMTP 服务器时须填写发件人',
    'en-US': 'Sender is required when an SMTP host is set',
  },
  sms_provider_invalid: { 'zh-CN': '请选择短信服务商', 'en-US': 'SMS provider must be Aliyun or none' },
  access_key_id_invalid: {
    'zh-CN': 'AccessKey ID 只能包含字母和数字',
    'en-US': 'AccessKey ID may contain only letters and digits',
  },
  access_key_id_required: { 'zh-CN': '请输入 AccessKey ID', 'en-US': 'AccessKey ID is required' },
  access_key_secret_invalid: {
    'zh-CN': 'AccessKey Secret 最多 100 个字符',
    'en-US': 'AccessKey secret must be at most 100 characters',
  },
  access_key_secret_required: { 'zh-CN': '请输入 AccessKey Secret', 'en-US': 'AccessKey secret is required' },
  sign_name_required: { 'zh-CN': '请输入短信签名', 'en-US': 'SMS sign name is required' },
  sign_name_length: { 'zh-CN': '短信签名最多 30 个字符', 'en-US': 'SMS sign name must be at most 30 characters' },
  template_code_required: { 'zh-CN': '请输入短信模板编号', 'en-US': 'SMS template code is required' },
  template_code_invalid: {
    'zh-CN': '短信模板编号只能包含字母、数字和下划线',
    'en-US': 'SMS template code may contain only letters, digits and underscores',
  },
  webhook_url_invalid: {
    'zh-CN': 'Webhook 地址须为企业微信机器人地址（…/cgi-bin/webhook/send?key=…）',
    'en-US': 'Webhook URL must be a WeCom robot address (…/cgi-bin/webhook/send?key=…)',
  },
  webhook_url_internal: {
    'zh-CN': 'Webhook 地址不能指向本机、内网、链路本地或保留地址',
    'en-US': 'Webhook URL must not point at a loopback, private, link-local or reserved address',
  },
  webhook_url_not_https: {
    'zh-CN': 'Webhook 地址须为 https:// 地址',
    'en-US': 'Webhook URL must be an https:// address',
  },
  webhook_url_host: {
    'zh-CN': 'Webhook 地址须为企业微信的地址（qyapi.weixin.qq.com）',
    'en-US': 'Webhook URL must be on the WeCom host (qyapi.weixin.qq.com)',
  },
  captcha_failure_threshold_invalid: {
    'zh-CN': '验证码触发次数须为 1-100 的整数',
    'en-US': 'Captcha threshold must be a whole number from 1 to 100',
  },
  store_limit_invalid: {
    'zh-CN': '每个商户的店铺上限须为 1-1000 的整数',
    'en-US': 'Store limit per merchant must be a whole number from 1 to 1000',
  },
  domain_limit_invalid: {
    'zh-CN': '版本的域名上限须为 1-100 的整数，或留空使用平台规则',
    'en-US': 'Domain limit must be a whole number from 1 to 100, or empty for the platform rule',
  },
  domains_per_store_invalid: {
    'zh-CN': '每个店铺的自定义域名上限须为 1-100 的整数',
    'en-US': 'Custom domains per store must be a whole number from 1 to 100',
  },
  payment_window_invalid: {
    'zh-CN': '账单支付时限须为 5-1440 分钟',
    'en-US': 'Bill payment window must be 5 to 1440 minutes',
  },
  grace_days_invalid: {
    'zh-CN': '宽限天数须为 0-90 的整数',
    'en-US': 'Grace days must be a whole number from 0 to 90',
  },
  reserved_shop_id_invalid: {
    'zh-CN': '保留店铺 ID 只能包含小写字母和数字，最多 20 个字符',
    'en-US': 'Reserved store IDs may contain only lowercase letters and digits, at most 20 characters',
  },
  reserved_shop_ids_too_many: { 'zh-CN': '保留店铺 ID 最多 500 个', 'en-US': 'At most 500 reserved store IDs' },
  business_time_zone_invalid: {
    'zh-CN': '业务时区须为有效的 IANA 时区名称，例如 Asia/Shanghai',
    'en-US': 'Business time zone must be a valid IANA time zone name such as Asia/Shanghai',
  },
  settings_group_invalid: {
    'zh-CN': '设置分组不正确',
    'en-US': 'Settings group must be site, mail, sms, wecom or platform',
  },
  test_message_required: { 'zh-CN': '请输入测试消息内容', 'en-US': 'Test message is required' },
  test_message_length: { 'zh-CN': '测试消息最多 2000 个字符', 'en-US': 'Test message must be at most 2000 characters' },
  notice_title_required: { 'zh-CN': '请输入公告标题', 'en-US': 'Notice title is required' },
  notice_title_length: { 'zh-CN': '公告标题最多 100 个字符', 'en-US': 'Notice title must be at most 100 characters' },
  notice_content_required: { 'zh-CN': '请输入公告内容', 'en-US': 'Notice content is required' },
  notice_content_length: {
    'zh-CN': '公告内容最多 20000 个字符',
    'en-US': 'Notice content must be at most 20000 characters',
  },
  notice_status_invalid: { 'zh-CN': '公告状态须为已发布或草稿', 'en-US': 'Notice status must be published or draft' },
  publish_at_invalid: { 'zh-CN': '发布时间格式不正确', 'en-US': 'Publish time is not a valid time' },
  notice_ids_required: {
    'zh-CN': '请选择要标记为已读的公告（最多 100 条）',
    'en-US': 'Choose the notices to mark read (at most 100)',
  },
  prospect_name_required: { 'zh-CN': '请输入您的姓名', 'en-US': 'Name is required' },
  prospect_name_length: { 'zh-CN': '姓名最多 50 个字符', 'en-US': 'Name must be at most 50 characters' },
  prospect_contact_required: { 'zh-CN': '请输入联系电话', 'en-US': 'Contact phone is required' },
  prospect_contact_invalid: {
    'zh-CN': '联系电话须为有效的手机号',
    'en-US': 'Contact phone must be a valid phone number',
  },
  prospect_country_invalid: { 'zh-CN': '请选择联系电话的国家或地区', 'en-US': 'Contact phone country is not valid' },
  prospect_content_required: { 'zh-CN': '请输入留言内容', 'en-US': 'Message is required' },
  prospect_content_length: { 'zh-CN': '留言内容最多 1000 个字符', 'en-US': 'Message must be at most 1000 characters' },
  prospect_status_invalid: { 'zh-CN': '跟进状态须为待跟进或已跟进', 'en-US': 'Status must be new or followed up' },
  prospect_remark_length: { 'zh-CN': '备注最多 500 个字符', 'en-US': 'Remark must be at most 500 characters' },
  // core data and the Open API (docs/open-api.md)
  data_source_name_required: { 'zh-CN': '请输入数据源名称', 'en-US': 'Data source name is required' },
  data_source_name_length: {
    'zh-CN': '数据源名称最多 40 个字符',
    'en-US': 'Data source name must be at most 40 characters',
  },
  api_name_required: { 'zh-CN': '请输入接口名称', 'en-US': 'API name is required' },
  api_name_length: { 'zh-CN': '接口名称最多 40 个字符', 'en-US': 'API name must be at most 40 characters' },
  api_code_required: { 'zh-CN': '请输入接口编码', 'en-US': 'API code is required' },
  api_code_format: {
    'zh-CN': '接口编码须以小写字母开头，只含小写字母、数字和下划线，最多 40 个字符',
    'en-US':
      'API code must start with a lower-case letter and contain only lower-case letters, digits and underscores (at most 40)',
  },
  api_cost_invalid: {
    'zh-CN': '单次消耗须为 1-10000 的整数',
    'en-US': 'Cost must be a whole number of units from 1 to 10000',
  },
  item_id_invalid: {
    'zh-CN': '请输入商品 ID（字母、数字、下划线或连字符，最多 64 个字符），或粘贴商品链接',
    'en-US': 'Enter the item ID (letters, digits, underscores or hyphens, at most 64) or paste the item link',
  },
  cache_fresh_invalid: {
    'zh-CN': '缓存新鲜期须在 0 到 30 天之间（0 表示每次都请求供应商）',
    'en-US': 'Freshness must be from 0 to 30 days (0: always ask the vendor)',
  },
  cache_stale_invalid: {
    'zh-CN': '过期可用期须在 0 到 90 天之间（0 表示供应商失败时不使用旧数据）',
    'en-US': 'Stale window must be from 0 to 90 days (0: never serve old data)',
  },
  cached_cost_invalid: {
    'zh-CN': '缓存命中消耗须为 0-10000 的整数，留空表示与单次消耗相同',
    'en-US': 'Units for a cached answer must be a whole number from 0 to 10000, or empty for the same as a call',
  },
  api_platform_invalid: {
    'zh-CN': '平台须为 1688、淘宝、微店或京东',
    'en-US': 'Platform must be 1688, taobao, micro store or jd',
  },
  pick_link_required: {
    'zh-CN': '请粘贴商品链接或分享文字',
    'en-US': 'Paste an item link or share text',
  },
  pick_link_invalid: {
    'zh-CN': '商品链接无法识别：请粘贴淘宝、天猫、1688、京东或微店的商品链接',
    'en-US': 'Item link not recognised: paste a Taobao, Tmall, 1688, JD or Weidian item link',
  },
  pick_link_short: {
    'zh-CN': '商品链接为短链接或口令，暂无法解析：请在商品页复制完整链接',
    'en-US': 'Item link is a short link or share code that cannot be resolved: copy the full item link',
  },
  pick_id_invalid: { 'zh-CN': '请选择精选商品', 'en-US': 'Choose a pick' },
  pick_direction_invalid: { 'zh-CN': '移动方向须为上移或下移', 'en-US': 'Direction must be up or down' },
  open_sort_invalid: {
    'zh-CN': '排序（sort）须为 default、price_asc、price_desc 或 sales',
    'en-US': 'Parameter sort must be default, price_asc, price_desc or sales',
  },
  open_word_required: {
    'zh-CN': '请提供短链接或淘口令（word）',
    'en-US': 'Parameter word (the short link or share code) is required',
  },
  api_sort_invalid: { 'zh-CN': '排序须为 0-9999 的整数', 'en-US': 'Sort must be a whole number from 0 to 9999' },
  provider_invalid: { 'zh-CN': '数据服务商须为沙箱或 HTTP 接口', 'en-US': 'Provider must be sandbox or HTTP' },
  base_url_required: {
    'zh-CN': '使用 HTTP 接口时须填写接口地址',
    'en-US': 'Base URL is required for the HTTP provider',
  },
  base_url_internal: {
    'zh-CN': '接口地址不能指向本机、内网、链路本地或保留地址',
    'en-US': 'Base URL must not point at a loopback, private, link-local or reserved address',
  },
  base_url_not_https: { 'zh-CN': '接口地址须为 https:// 地址', 'en-US': 'Base URL must be an https:// address' },
  base_url_invalid: {
    'zh-CN': '接口地址须为 http(s):// 开头的网址',
    'en-US': 'Base URL must be an http(s):// address',
  },
  vendor_key_required: { 'zh-CN': '使用 HTTP 接口时须填写 Key', 'en-US': 'Key is required for the HTTP provider' },
  vendor_key_length: { 'zh-CN': 'Key 最多 200 个字符', 'en-US': 'Key must be at most 200 characters' },
  vendor_secret_required: {
    'zh-CN': '使用 HTTP 接口时须填写 Secret',
    'en-US': 'Secret is required for the HTTP provider',
  },
  vendor_secret_length: { 'zh-CN': 'Secret 最多 200 个字符', 'en-US': 'Secret must be at most 200 characters' },
  platform_paths_invalid: {
    'zh-CN': '平台接口路径须为对象，键为 1688、taobao、micro_store、jd',
    'en-US': 'Platform paths must be an object keyed by 1688, taobao, micro_store and jd',
  },
  vendor_path_1688_invalid: {
    'zh-CN': '1688 接口路径须为 1-40 个字母、数字或 - _ .',
    'en-US': '1688 path must be 1–40 letters, digits, -, _ or .',
  },
  vendor_path_taobao_invalid: {
    'zh-CN': '淘宝接口路径须为 1-40 个字母、数字或 - _ .',
    'en-US': 'Taobao path must be 1–40 letters, digits, -, _ or .',
  },
  vendor_path_micro_store_invalid: {
    'zh-CN': '微店接口路径须为 1-40 个字母、数字或 - _ .',
    'en-US': 'Micro store path must be 1–40 letters, digits, -, _ or .',
  },
  vendor_path_jd_invalid: {
    'zh-CN': '京东接口路径须为 1-40 个字母、数字或 - _ .',
    'en-US': 'JD path must be 1–40 letters, digits, -, _ or .',
  },
  timeout_ms_invalid: {
    'zh-CN': '超时时间须为 200-60000 毫秒的整数',
    'en-US': 'Timeout must be a whole number of milliseconds from 200 to 60000',
  },
  is_enabled_invalid: { 'zh-CN': '启用状态须为是或否', 'en-US': 'Enabled must be true or false' },
  // traffic package plans and orders (docs/traffic-packages.md)
  plan_name_required: { 'zh-CN': '请输入套餐名称', 'en-US': 'Plan name is required' },
  plan_name_length: { 'zh-CN': '套餐名称最多 40 个字符', 'en-US': 'Plan name must be at most 40 characters' },
  units_invalid: {
    'zh-CN': '流量（单位数）须为 1-100000000 的整数',
    'en-US': 'Units must be a whole number from 1 to 100,000,000',
  },
  valid_days_invalid: {
    'zh-CN': '有效天数须为 1-3650 的整数',
    'en-US': 'Valid days must be a whole number from 1 to 3650',
  },
  is_general_invalid: { 'zh-CN': '请选择通用包或店铺包', 'en-US': 'Package kind must be general or store' },
  original_price_invalid: {
    'zh-CN': '原价须为非负整数（以分计）',
    'en-US': 'Original price must be a non-negative whole number of minor units',
  },
  price_above_original: { 'zh-CN': '售价不能高于原价', 'en-US': 'Price must not be above the original price' },
  api_usage_length: { 'zh-CN': 'API 用途说明最多 500 个字符', 'en-US': 'API usage must be at most 500 characters' },
  plan_status_invalid: { 'zh-CN': '套餐状态须为启用或停用', 'en-US': 'Plan status must be enabled or disabled' },
  sort_invalid: { 'zh-CN': '排序须为 0-9999 的整数', 'en-US': 'Sort must be a whole number from 0 to 9999' },
  plan_required: { 'zh-CN': '请选择流量包套餐', 'en-US': 'Plan is required' },
  package_tab_invalid: { 'zh-CN': '列表须为我的流量包或店铺流量包', 'en-US': 'Tab must be general or store' },
  package_status_invalid: {
    'zh-CN': '流量包状态须为待支付、生效中、已用尽或已过期',
    'en-US': 'Package status must be pending, active, exhausted or expired',
  },
  time_range_invalid: {
    'zh-CN': '时间范围须为今天、近 7 天、近 30 天或自定义',
    'en-US': 'Time range must be today, last 7 days, last 30 days or custom',
  },
  custom_range_required: {
    'zh-CN': '自定义时间范围须填写开始日期和结束日期',
    'en-US': 'A custom time range needs a start date and an end date',
  },
  date_range_too_long: { 'zh-CN': '时间范围最多 366 天', 'en-US': 'The date range may cover at most 366 days' },
  platform_invalid: {
    'zh-CN': '平台须为 1688、淘宝、微店或京东',
    'en-US': 'Platform must be 1688, taobao, micro store or jd',
  },
  api_code_invalid: {
    'zh-CN': '接口编码只能包含小写字母、数字和下划线',
    'en-US': 'API code may contain only lower-case letters, digits and underscores',
  },
  // the metered Open API's parameters (calls/open-core.ts)
  open_num_iid_required: {
    'zh-CN': '请提供商品 ID（num_iid）',
    'en-US': 'Parameter num_iid (the item ID) is required',
  },
  open_num_iid_format: {
    'zh-CN': '商品 ID（num_iid）只能包含字母、数字、下划线和短横线，最多 64 个字符',
    'en-US': 'Parameter num_iid may contain only letters, digits, _ and - (at most 64)',
  },
  open_q_required: { 'zh-CN': '请提供搜索关键词（q）', 'en-US': 'Parameter q (the search keyword) is required' },
  open_q_length: { 'zh-CN': '搜索关键词（q）最多 100 个字符', 'en-US': 'Parameter q must be at most 100 characters' },
  open_page_invalid: {
    'zh-CN': '参数 page 须为 1-100 的整数',
    'en-US': 'Parameter page must be a whole number from 1 to 100',
  },
  open_page_size_invalid: {
    'zh-CN': '参数 page_size 须为 1-40 的整数',
    'en-US': 'Parameter page_size must be a whole number from 1 to 40',
  },
  call_status_invalid: {
    'zh-CN': '调用状态须为处理中、成功、上游失败、额度不足或已拒绝',
    'en-US': 'Call status must be pending, success, failed upstream, quota exhausted or rejected',
  },
  log_id_invalid: { 'zh-CN': '日志 ID 须为正整数', 'en-US': 'Log ID must be a positive whole number' },
  // plugins (docs/plugins.md)
  plugin_required: { 'zh-CN': '请选择插件', 'en-US': 'Plugin is required' },
  plugin_code_invalid: {
    'zh-CN': '插件编码须为 2-40 位小写字母、数字或下划线，以字母开头',
    'en-US': 'Plugin code must be 2-40 lower-case letters, digits or underscores, starting with a letter',
  },
  plugin_name_required: { 'zh-CN': '请输入插件名称', 'en-US': 'Plugin name is required' },
  plugin_name_length: { 'zh-CN': '插件名称最多 40 个字符', 'en-US': 'Plugin name must be at most 40 characters' },
  plugin_description_required: { 'zh-CN': '请输入插件介绍', 'en-US': 'Plugin description is required' },
  plugin_description_length: {
    'zh-CN': '插件介绍最多 20000 个字符',
    'en-US': 'Plugin description must be at most 20,000 characters',
  },
  plugin_changelog_length: {
    'zh-CN': '更新日志最多 5000 个字符',
    'en-US': 'Changelog must be at most 5,000 characters',
  },
  plugin_version_invalid: {
    'zh-CN': '插件版本号须为 1-20 位字母、数字或 . + -，如 1.0.0',
    'en-US': 'Plugin version must be 1-20 letters, digits, . + or -, such as 1.0.0',
  },
  plugin_icon_invalid: {
    'zh-CN': '插件图标须为上传的 JPG 或 PNG 图片',
    'en-US': 'Plugin icon must be an uploaded JPG or PNG image',
  },
  plugin_screenshot_invalid: {
    'zh-CN': '截图须为上传的 JPG 或 PNG 图片',
    'en-US': 'Screenshots must be uploaded JPG or PNG images',
  },
  plugin_screenshots_length: { 'zh-CN': '截图最多 6 张', 'en-US': 'At most 6 screenshots' },
  plugin_video_url_invalid: { 'zh-CN': '视频地址须为 https:// 地址', 'en-US': 'Video URL must be an https:// address' },
  plugin_type_required: { 'zh-CN': '请选择插件类型', 'en-US': 'Plugin type is required' },
  plugin_type_name_required: { 'zh-CN': '请输入类型名称', 'en-US': 'Type name is required' },
  plugin_type_name_length: { 'zh-CN': '类型名称最多 20 个字符', 'en-US': 'Type name must be at most 20 characters' },
  plugin_packages_required: {
    'zh-CN': '请选择可安装的店铺版本（1-20 个）',
    'en-US': 'Choose the store versions it can be installed on (1-20)',
  },
  plugin_trial_days_invalid: {
    'zh-CN': '试用天数须为 0-90 的整数',
    'en-US': 'Trial days must be a whole number from 0 to 90',
  },
  plugin_trial_needs_price: { 'zh-CN': '免费插件不设试用天数', 'en-US': 'A free plugin has no trial days' },
  plugin_status_invalid: { 'zh-CN': '插件状态须为上架或下架', 'en-US': 'Plugin status must be listed or unlisted' },
  plugin_price_type_invalid: { 'zh-CN': '价格筛选须为免费或付费', 'en-US': 'Price filter must be free or paid' },
  plugin_shop_required: { 'zh-CN': '请选择店铺', 'en-US': 'Select a store' },
  plugin_mode_invalid: { 'zh-CN': '购买方式须为购买或试用', 'en-US': 'Mode must be buy or trial' },
  shop_plugin_status_invalid: {
    'zh-CN': '插件状态须为启用或停用',
    'en-US': 'Plugin status must be enabled or disabled',
  },
  pay_method_invalid: {
    'zh-CN': '支付方式须为微信支付、支付宝或 PayPal',
    'en-US': 'Pay method must be WeChat Pay, Alipay or PayPal',
  },
  payment_text_length: { 'zh-CN': '内容过长', 'en-US': 'This value is too long' },
  payment_endpoint_invalid: {
    'zh-CN': '接口地址须为 http:// 或 https:// 地址，可留空使用默认地址',
    'en-US': 'API endpoint must be an http:// or https:// address, or empty for the default',
  },
  payment_environment_invalid: { 'zh-CN': '环境须为沙箱或正式', 'en-US': 'Environment must be sandbox or live' },
  payment_currency_invalid: {
    'zh-CN': '币种须为三位字母代码（如 USD）',
    'en-US': 'Currency must be a three-letter code (e.g. USD)',
  },
  refund_reason_required: { 'zh-CN': '请填写退款原因', 'en-US': 'Enter the reason for the refund' },
  refund_reason_length: {
    'zh-CN': '退款原因最多 200 个字符',
    'en-US': 'The refund reason can be at most 200 characters',
  },
  payment_rate_invalid: {
    'zh-CN': '汇率须为大于 0 的数字（1 人民币可兑换的金额）',
    'en-US': 'Rate must be a number above 0 (units of the currency per CNY)',
  },
  shipping_zones_invalid: { 'zh-CN': '运费区域格式不正确', 'en-US': 'Shipping zones are not in the expected form' },
  shipping_zones_max: { 'zh-CN': '运费区域最多 30 个', 'en-US': 'A store can have at most 30 shipping zones' },
  shipping_zone_name_required: { 'zh-CN': '请填写区域名称', 'en-US': 'Zone name is required' },
  shipping_zone_name_length: { 'zh-CN': '区域名称最多 40 个字符', 'en-US': 'Zone name can be at most 40 characters' },
  shipping_countries_required: {
    'zh-CN': '请为区域选择至少一个国家或地区',
    'en-US': 'Countries / regions: choose at least one for the zone',
  },
  shipping_country_invalid: {
    'zh-CN': '国家或地区须从列表中选择',
    'en-US': 'Countries / regions must be chosen from the list',
  },
  shipping_country_repeated: {
    'zh-CN': '国家或地区已在另一个区域中，每个国家只能属于一个区域',
    'en-US': 'Countries / regions: this one is already in another zone (each belongs to one zone)',
  },
  shipping_first_weight_invalid: {
    'zh-CN': '首重须为 1 到 1000000 克之间的整数',
    'en-US': 'First weight must be a whole number of grams from 1 to 1,000,000',
  },
  shipping_first_price_invalid: {
    'zh-CN': '首重价格须为 0 到 1000000 元之间的金额',
    'en-US': 'First weight price must be an amount from 0 to 1,000,000 CNY',
  },
  shipping_step_weight_invalid: {
    'zh-CN': '续重须为 1 到 1000000 克之间的整数',
    'en-US': 'Continued weight must be a whole number of grams from 1 to 1,000,000',
  },
  shipping_step_price_invalid: {
    'zh-CN': '续重价格须为 0 到 1000000 元之间的金额',
    'en-US': 'Continued weight price must be an amount from 0 to 1,000,000 CNY',
  },
  contact_wecom_invalid: {
    'zh-CN': '企业微信客服链接须为 https://work.weixin.qq.com/ 开头的地址',
    'en-US': 'WeCom link must be a WeCom address starting https://work.weixin.qq.com/',
  },
  contact_whatsapp_invalid: {
    'zh-CN': 'WhatsApp 号码须为有效的国际号码（如 +44 7911 123456）',
    'en-US': 'WhatsApp number must be a valid international number (e.g. +44 7911 123456)',
  },
  service_email_invalid: { 'zh-CN': '客服邮箱格式不正确', 'en-US': 'Service email is not a valid address' },
  contact_phone_invalid: {
    'zh-CN': '客服电话须为有效的电话号码（国际号码以 + 开头）',
    'en-US': 'Service phone must be a valid number (international numbers start with +)',
  },
  buyer_guide_required: { 'zh-CN': '请填写购物指南（中文）', 'en-US': "Buyer's guide is required (Chinese)" },
  buyer_guide_length: {
    'zh-CN': '购物指南最多 50000 个字符（含格式标记）',
    'en-US': "Buyer's guide can be at most 50,000 characters (markup included)",
  },
} satisfies Record<string, Record<Lang, string>>;

export type ValidationKey = keyof typeof validationMessages;

/** Names of fields, for messages about a field that has no rule message of its own. */
export const fieldLabels = {
  account: { 'zh-CN': '账号', 'en-US': 'Account' },
  domain: { 'zh-CN': '域名', 'en-US': 'Domain' },
  email: { 'zh-CN': '邮箱', 'en-US': 'Email' },
  mobile: { 'zh-CN': '手机号', 'en-US': 'Phone number' },
  password: { 'zh-CN': '密码', 'en-US': 'Password' },
  confirm_password: { 'zh-CN': '确认密码', 'en-US': 'Confirm password' },
  current_password: { 'zh-CN': '当前密码', 'en-US': 'Current password' },
  code: { 'zh-CN': '验证码', 'en-US': 'Verification code' },
  agree: { 'zh-CN': '服务条款', 'en-US': 'Terms of service' },
  event: { 'zh-CN': '验证码用途', 'en-US': 'Code purpose' },
  captcha_id: { 'zh-CN': '图形验证码', 'en-US': 'Captcha' },
  captcha_code: { 'zh-CN': '图形验证码', 'en-US': 'Captcha' },
  page: { 'zh-CN': '页码', 'en-US': 'Page' },
  limit: { 'zh-CN': '每页条数', 'en-US': 'Limit' },
  shop_name: { 'zh-CN': '店铺名称', 'en-US': 'Store name' },
  shop_id: { 'zh-CN': '店铺 ID', 'en-US': 'Store ID' },
  contact_email: { 'zh-CN': '联系邮箱', 'en-US': 'Contact email' },
  package_id: { 'zh-CN': '店铺版本', 'en-US': 'Store version' },
  term_type: { 'zh-CN': '续费类型', 'en-US': 'Term type' },
  term: { 'zh-CN': '购买时长', 'en-US': 'Term' },
  pay_method: { 'zh-CN': '支付方式', 'en-US': 'Pay method' },
  keyword: { 'zh-CN': '搜索关键字', 'en-US': 'Search keyword' },
  file: { 'zh-CN': '文件', 'en-US': 'File' },
  status: { 'zh-CN': '状态', 'en-US': 'Status' },
  tab: { 'zh-CN': '标签页', 'en-US': 'Tab' },
  type: { 'zh-CN': '类型', 'en-US': 'Type' },
  format: { 'zh-CN': '导出格式', 'en-US': 'Export format' },
  bill_no: { 'zh-CN': '账单号', 'en-US': 'Bill number' },
  start_date: { 'zh-CN': '开始日期', 'en-US': 'Start date' },
  end_date: { 'zh-CN': '结束日期', 'en-US': 'End date' },
  name: { 'zh-CN': '名称', 'en-US': 'Name' },
  description: { 'zh-CN': '描述', 'en-US': 'Description' },
  features: { 'zh-CN': '功能列表', 'en-US': 'Features' },
  trial_days: { 'zh-CN': '试用天数', 'en-US': 'Trial days' },
  prices: { 'zh-CN': '价格', 'en-US': 'Prices' },
  amount: { 'zh-CN': '金额', 'en-US': 'Amount' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
  merchant_id: { 'zh-CN': '商户', 'en-US': 'Merchant' },
  days: { 'zh-CN': '天数', 'en-US': 'Days' },
  group: { 'zh-CN': '设置分组', 'en-US': 'Settings group' },
  to: { 'zh-CN': '收件邮箱', 'en-US': 'Recipient' },
  content: { 'zh-CN': '内容', 'en-US': 'Content' },
  is_pinned: { 'zh-CN': '置顶', 'en-US': 'Pinned' },
  include_read: { 'zh-CN': '包含已读', 'en-US': 'Include read' },
  ids: { 'zh-CN': '公告', 'en-US': 'Notices' },
  all: { 'zh-CN': '全部', 'en-US': 'All' },
  nickname: { 'zh-CN': '商户名称', 'en-US': 'Merchant name' },
  platform: { 'zh-CN': '平台', 'en-US': 'Platform' },
  reserved_shop_ids: { 'zh-CN': '保留店铺 ID', 'en-US': 'Reserved store IDs' },
  cost: { 'zh-CN': '单次消耗', 'en-US': 'Cost' },
  is_enabled: { 'zh-CN': '启用', 'en-US': 'Enabled' },
  provider: { 'zh-CN': '数据服务商', 'en-US': 'Provider' },
  base_url: { 'zh-CN': '接口地址', 'en-US': 'Base URL' },
  key: { 'zh-CN': 'Key', 'en-US': 'Key' },
  secret: { 'zh-CN': 'Secret', 'en-US': 'Secret' },
  timeout_ms: { 'zh-CN': '超时时间', 'en-US': 'Timeout' },
  platform_paths: { 'zh-CN': '平台接口路径', 'en-US': 'Platform paths' },
  plan_id: { 'zh-CN': '流量包套餐', 'en-US': 'Plan' },
  units: { 'zh-CN': '流量（单位数）', 'en-US': 'Units' },
  valid_days: { 'zh-CN': '有效天数', 'en-US': 'Valid days' },
  is_general: { 'zh-CN': '通用包', 'en-US': 'General' },
  price: { 'zh-CN': '售价', 'en-US': 'Price' },
  original_price: { 'zh-CN': '原价', 'en-US': 'Original price' },
  currency: { 'zh-CN': '币种', 'en-US': 'Currency' },
  api_usage: { 'zh-CN': 'API 用途说明', 'en-US': 'API usage' },
  sort: { 'zh-CN': '排序', 'en-US': 'Sort' },
  logo: { 'zh-CN': '网站 Logo', 'en-US': 'Logo' },
  ico: { 'zh-CN': '网站图标', 'en-US': 'Icon' },
} satisfies Record<string, Record<Lang, string>>;

/** Messages of the rules every metered Open API call's parameters follow (calls/open-core.ts), naming the parameter. */
export const openApiParamMessages = {
  too_many: {
    'zh-CN': (max: number) => `参数最多 ${max} 个`,
    'en-US': (max: number) => `At most ${max} parameters are accepted`,
  },
  name_invalid: {
    'zh-CN': (name: string) => `参数名 ${name} 不合法`,
    'en-US': (name: string) => `Parameter name ${name} is not valid`,
  },
  reserved: {
    'zh-CN': (name: string) => `参数 ${name} 为保留字`,
    'en-US': (name: string) => `Parameter ${name} is reserved`,
  },
  not_scalar: {
    'zh-CN': (name: string) => `参数 ${name} 须为字符串、数字或布尔值`,
    'en-US': (name: string) => `Parameter ${name} must be a string, number or boolean`,
  },
  too_long: {
    'zh-CN': (name: string, max: number) => `参数 ${name} 最多 ${max} 个字符`,
    'en-US': (name: string, max: number) => `Parameter ${name} must be at most ${max} characters`,
  },
} satisfies Record<string, Record<Lang, (...values: never[]) => string>>;

/** Messages of rules every field follows, so they name the field they were found in. */
export const fieldRuleMessages = {
  /**
   * A NUL character or a lone UTF-16 surrogate (docs/SECURITY.md, Input bounds: refused in every string of
   * every call).
   */
  text_unsafe_character: {
    'zh-CN': (label: string) => `${label}含有不允许的字符（空字符或不成对的代理字符）`,
    'en-US': (label: string) => `${label} contains a character that is not allowed (a NUL or an unpaired surrogate)`,
  },
  /** A multipart body that ended before its closing boundary (the upload was cut off). */
  upload_incomplete: {
    'zh-CN': (label: string) => `${label}未完整上传，请重新上传`,
    'en-US': (label: string) => `${label} did not arrive whole; upload it again`,
  },
  /** An image field (logo, icon) holding neither one of our uploads nor an https URL. */
  image_url_invalid: {
    'zh-CN': (label: string) => `${label}须为上传的图片或 https 地址`,
    'en-US': (label: string) => `${label} must be an uploaded image or an https URL`,
  },
  /** A request body nested deeper than the API reads (docs/SECURITY.md, Input bounds), refused before it is parsed. */
  json_too_deep: {
    'zh-CN': (label: string) => `${label}嵌套层级过深`,
    'en-US': (label: string) => `${label} is nested too deeply`,
  },
} satisfies Record<string, Record<Lang, (label: string) => string>>;

export type FieldRuleKey = keyof typeof fieldRuleMessages;

export const genericFieldMessage = {
  'zh-CN': (label: string) => `${label}格式不正确`,
  'en-US': (label: string) => `${label} is not valid`,
} satisfies Record<Lang, (label: string) => string>;

export function isValidationKey(value: string): value is ValidationKey {
  return Object.hasOwn(validationMessages, value);
}

/** Turns a zod issue (its message and path) into a sentence naming the field, in `lang` (i18n/issue.ts). */
export function translateIssue(message: string, path: readonly PropertyKey[], lang: Lang): string {
  return describeIssue(message, path, {
    message: (key) => (isValidationKey(key) ? validationMessages[key][lang] : undefined),
    fieldRule: (key, label) =>
      Object.hasOwn(fieldRuleMessages, key) ? fieldRuleMessages[key as FieldRuleKey][lang](label) : undefined,
    generic: (label) => genericFieldMessage[lang](label),
    fieldLabel: (field) =>
      Object.hasOwn(fieldLabels, field) ? fieldLabels[field as keyof typeof fieldLabels][lang] : undefined,
    inLanguage: (sentence, textLang) => languageSuffix[lang](sentence, contentLanguageNames[textLang][lang]),
  });
}

/** Names of the languages operator-written texts are entered in, as messages name them. */
export const contentLanguageNames = {
  'zh-CN': { 'zh-CN': '中文', 'en-US': 'Chinese' },
  'en-US': { 'zh-CN': '英文', 'en-US': 'English' },
} satisfies Record<Lang, Record<Lang, string>>;

/** A sentence about one language's text of a bilingual field, naming that language. */
export const languageSuffix = {
  'zh-CN': (sentence: string, language: string) => `${sentence}（${language}）`,
  'en-US': (sentence: string, language: string) => `${sentence} (${language})`,
} satisfies Record<Lang, (sentence: string, language: string) => string>;
