import type {
  TAllSettings,
  TMailSettings,
  TSetConfigValues,
  TSiteSettings,
  TSmsSettings,
  TWecomSettings,
  SettingsGroup,
} from '@parlour/contract/calls/settings';
import { UPLOADS_URL_PREFIX } from '@parlour/contract/calls/settings';
import type { Lang } from '@parlour/contract/errors';
import { validationMessages } from '@parlour/contract/i18n/validation';
import { AppError } from '../../lib/app-error';
import { fieldValidationError } from '../../plugins/envelope';
import type { SecretBox } from '../../lib/secret-box';
import { checkOutboundOnSave } from '../../lib/outbound/outbound-field-error';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy';
import { DeliveryError, deliveryReasonMessages } from '../../providers/delivery-error';
import { sendWithSmtpSettings, type StoredMailSettings } from '../../providers/mail/configured-mail-provider';
import { isSmsConfigured, smsProviderFor, type StoredSmsSettings } from '../../providers/sms/configured-sms-provider';
import { maskWebhookUrl, sendWecomText } from '../../providers/wecom/wecom-robot';
import type { SettingsService } from './settings.service';

type Values<G extends SettingsGroup> = Extract<TSetConfigValues, { group: G }>['values'];
interface StoredWecomSettings {
  webhook_url: string;
}

export const DEFAULT_SITE_SETTINGS: TSiteSettings = {
  site_name: 'Parlour',
  domain: '',
  keywords: '',
  description: '',
  logo: '',
  ico: '',
  record_number: '',
  copyright: '',
  service_phone: '',
};
const DEFAULT_MAIL_SETTINGS: StoredMailSettings = {
  smtp_host: '',
  smtp_port: 465,
  smtp_security: 'ssl',
  smtp_user: '',
  smtp_password: '',
  mail_sender: '',
};
const DEFAULT_SMS_SETTINGS: StoredSmsSettings = {
  sms_provider: 'none',
  access_key_id: '',
  access_key_secret: '',
  sign_name: '',
  template_code: '',
  notice_template_code: '',
};

/** A field error in the same shape as the contract's validation failures. */
function fieldError(field: string, key: keyof typeof validationMessages, lang: Lang): AppError {
  const messages = validationMessages[key];
  return new AppError('VALIDATION_FAILED', {
    messages,
    data: { errors: [{ field: `values.${field}`, message: messages[lang] }] },
  });
}

/**
 * A failed test send: the provider API's own answer (Aliyun's Code and Message, WeCom's errcode),
 * or our generic reason when the failure is in reaching it or it did not answer as the API does.
 * What a remote end said on the wire (an SMTP banner, an error page) is never echoed.
 */
function deliveryFailed(error: unknown): AppError {
  const reason = error instanceof DeliveryError ? error.reason : 'connect';
  if (reason || !(error instanceof DeliveryError)) {
    const text = deliveryReasonMessages[reason ?? 'connect'];
    return new AppError('DELIVERY_FAILED', {
      messages: { 'zh-CN': `发送失败：${text['zh-CN']}`, 'en-US': `Sending failed: ${text['en-US']}` },
      data: { reason: reason ?? 'connect' },
    });
  }
  const detail = error.providerMessage;
  return new AppError('DELIVERY_FAILED', {
    messages: { 'zh-CN': `发送失败：${detail}`, 'en-US': `Sending failed: ${detail}` },
    data: { provider_message: detail },
  });
}

const notConfigured = {
  mail: { 'zh-CN': '请先填写并保存 SMTP 服务器设置', 'en-US': 'Save the SMTP server settings first' },
  sms: {
    'zh-CN': '请先选择短信服务商并保存完整的短信设置',
    'en-US': 'Choose an SMS provider and save the complete SMS settings first',
  },
  wecom: { 'zh-CN': '请先填写并保存机器人 Webhook 地址', 'en-US': 'Save the robot webhook URL first' },
} satisfies Record<string, Record<Lang, string>>;

const testTexts = {
  'zh-CN': { subject: '测试邮件', body: (site: string) => `这是来自 ${site} 的测试邮件，收到说明邮件配置正确。` },
  'en-US': {
    subject: 'Test email',
    body: (site: string) => `This is a test email from ${site}. Receiving it means the mail settings work.`,
  },
} satisfies Record<Lang, unknown>;

/**
 * The settings screen's groups: reading them with secrets hidden, saving one group (a secret left
 * empty keeps the stored one) and test sends through the saved mail, SMS and WeCom settings.
 */
export function createConfigService(deps: {
  settings: SettingsService;
  /** Whether an uploaded image of this name exists (logo and icon must be ours or https). */
  uploadExists: (fileName: string) => Promise<boolean>;
  smsEndpoint?: string;
  /** The only origin a WeCom webhook may point at (the real robot host; tests use a local fake). */
  wecomWebhookBase: string;
  /** The outbound policy: the SMTP host and webhook are checked on save, and every send connects through it. */
  outbound: OutboundPolicy;
  /** Seals the secret fields (SMTP password, SMS secret, webhook URL) before they are stored. */
  secrets: SecretBox;
  /** Store IDs reserved whatever the operator saves (shown beside the operator's list). */
  fixedReservedShopIds?: readonly string[];
  /** Notes a test send's failure for the operations page (the providers' last errors). */
  onDeliveryFailure?: (channel: 'mail' | 'sms' | 'wecom', error: unknown) => void;
}) {
  const { settings, secrets, outbound } = deps;

  async function stored<T>(group: SettingsGroup, defaults: T): Promise<T> {
    return { ...defaults, ...((await settings.getGroup<Partial<T>>(group))?.value ?? {}) };
  }
  /**
   * A stored secret in plaintext: sealed values are opened, legacy plaintext is taken as it is (and
   * sealed on the next save). One sealed under another SECRETS_KEY cannot be used: it reads as not
   * set, so the screen asks for it again and test sends say what is missing.
   */
  function open(value: string): string {
    try {
      return secrets.openSecret(value);
    } catch {
      return '';
    }
  }
  const getSite = () => stored<TSiteSettings>('site', DEFAULT_SITE_SETTINGS);
  const getMail = async () => {
    const mail = await stored<StoredMailSettings>('mail', DEFAULT_MAIL_SETTINGS);
    return { ...mail, smtp_password: open(mail.smtp_password) };
  };
  const getSms = async () => {
    const sms = await stored<StoredSmsSettings>('sms', DEFAULT_SMS_SETTINGS);
    return { ...sms, access_key_secret: open(sms.access_key_secret) };
  };
  const getWecom = async () => {
    const wecom = await stored<StoredWecomSettings>('wecom', { webhook_url: '' });
    return { webhook_url: open(wecom.webhook_url) };
  };

  async function getAll(): Promise<TAllSettings> {
    const [site, mail, sms, wecom, rules, businessTimeZone, isTwoFactorRequired, reservedShopIds] = await Promise.all([
      getSite(),
      getMail(),
      getSms(),
      getWecom(),
      settings.getPlatformRules(),
      settings.getBusinessTimeZone(),
      settings.isAdminTwoFactorRequired(),
      settings.getReservedShopIds(),
    ]);
    const platform = {
      ...rules,
      business_time_zone: businessTimeZone,
      require_admin_two_factor: isTwoFactorRequired,
      reserved_shop_ids: reservedShopIds,
      reserved_shop_ids_fixed: [...(deps.fixedReservedShopIds ?? [])],
    };
    const { smtp_password: smtpPassword, ...mailFields } = mail;
    const { access_key_secret: accessKeySecret, ...smsFields } = sms;
    const publicMail: TMailSettings = { ...mailFields, smtp_password_is_set: Boolean(smtpPassword) };
    const publicSms: TSmsSettings = { ...smsFields, access_key_secret_is_set: Boolean(accessKeySecret) };
    const publicWecom: TWecomSettings = {
      webhook_url_is_set: Boolean(wecom.webhook_url),
      webhook_url_masked: wecom.webhook_url ? maskWebhookUrl(wecom.webhook_url) : '',
    };
    return { site, mail: publicMail, sms: publicSms, wecom: publicWecom, platform };
  }

  async function checkImage(field: 'logo' | 'ico', value: string, lang: Lang) {
    if (!value.startsWith(UPLOADS_URL_PREFIX)) return;
    if (!(await deps.uploadExists(value.slice(UPLOADS_URL_PREFIX.length))))
      throw fieldValidationError(['values', field], 'image_url_invalid', lang);
  }

  const savers: { [G in SettingsGroup]: (values: Values<G>, lang: Lang) => Promise<void> } = {
    async site(values, lang) {
      await checkImage('logo', values.logo, lang);
      await checkImage('ico', values.ico, lang);
      await settings.setGroup('site', values);
    },
    async mail(values, lang) {
      if (values.smtp_host)
        await checkOutboundOnSave(
          () => outbound.checkHostOnSave(values.smtp_host),
          'smtp_host',
          lang,
          'values.smtp_host',
        );
      const current = await getMail();
      await settings.setGroup('mail', {
        ...values,
        smtp_password: secrets.sealSecret(values.smtp_password || current.smtp_password),
      });
    },
    async sms(values, lang) {
      const current = await getSms();
      const next = { ...values, access_key_secret: values.access_key_secret || current.access_key_secret };
      if (next.sms_provider !== 'none' && !next.access_key_secret)
        throw fieldError('access_key_secret', 'access_key_secret_required', lang);
      await settings.setGroup('sms', { ...next, access_key_secret: secrets.sealSecret(next.access_key_secret) });
    },
    async wecom(values, lang) {
      if (values.is_cleared) return settings.setGroup('wecom', { webhook_url: '' });
      if (!values.webhook_url) {
        // Kept as it is, but sealed if it was stored before secrets were sealed.
        const current = await getWecom();
        if (current.webhook_url)
          await settings.setGroup('wecom', { webhook_url: secrets.sealSecret(current.webhook_url) });
        return;
      }
      if (new URL(values.webhook_url).origin !== new URL(deps.wecomWebhookBase).origin)
        throw fieldError('webhook_url', 'webhook_url_host', lang);
      await checkOutboundOnSave(
        () => outbound.checkUrlOnSave(values.webhook_url),
        'webhook_url',
        lang,
        'values.webhook_url',
      );
      await settings.setGroup('wecom', { webhook_url: secrets.sealSecret(values.webhook_url) });
    },
    async platform(values, lang) {
      const {
        business_time_zone: zone,
        require_admin_two_factor: isTwoFactorRequired,
        reserved_shop_ids: reservedShopIds,
        ...rules
      } = values;
      // The contract checked Intl's list; the database must know the zone by that exact name as well, or its day arithmetic would fail.
      if (zone !== undefined && !(await settings.isTimeZoneKnownToDatabase(zone)))
        throw fieldError('business_time_zone', 'business_time_zone_invalid', lang);
      await settings.setPlatformRules(rules);
      if (zone !== undefined && zone !== (await settings.getBusinessTimeZone()))
        await settings.setBusinessTimeZone(zone);
      if (isTwoFactorRequired !== undefined && isTwoFactorRequired !== (await settings.isAdminTwoFactorRequired()))
        await settings.setAdminTwoFactorRequired(isTwoFactorRequired);
      if (reservedShopIds !== undefined) await settings.setReservedShopIds(reservedShopIds);
    },
  };

  return {
    getAll,

    /** The public part (the site group and the business time zone), for the public site and both consoles. */
    async getPublicConfig() {
      const [site, businessTimeZone] = await Promise.all([getSite(), settings.getBusinessTimeZone()]);
      return { ...site, business_time_zone: businessTimeZone };
    },

    /** One group's stored values, secrets opened (the audit log compares and then masks them). */
    async getGroupValues(group: SettingsGroup): Promise<Record<string, unknown>> {
      if (group === 'site') return getSite();
      if (group === 'mail') return getMail();
      if (group === 'sms') return getSms();
      if (group === 'wecom') return getWecom();
      return (await getAll()).platform;
    },

    /** Stored mail settings with the password, for the platform's mail transport. */
    getMailForDelivery: getMail,
    /** Stored SMS settings with the secret, for verification codes. */
    getSmsForDelivery: getSms,

    async listGroups() {
      const [site, mail, sms, wecom, rulesUpdatedAt, zoneUpdatedAt, twoFactorUpdatedAt, reservedUpdatedAt] =
        await Promise.all([
          settings.getGroup('site'),
          settings.getGroup('mail'),
          settings.getGroup('sms'),
          settings.getGroup('wecom'),
          settings.platformRulesUpdatedAt(),
          settings.businessTimeZoneUpdatedAt(),
          settings.adminTwoFactorRuleUpdatedAt(),
          settings.reservedShopIdsUpdatedAt(),
        ]);
      const platformUpdatedAt = [rulesUpdatedAt, zoneUpdatedAt, twoFactorUpdatedAt, reservedUpdatedAt]
        .filter((time): time is Date => Boolean(time))
        .sort((a, b) => b.getTime() - a.getTime())[0];
      const [mailValues, smsValues, wecomValues] = await Promise.all([getMail(), getSms(), getWecom()]);
      const summary = (group: SettingsGroup, updatedAt: Date | undefined, isConfigured: boolean) => ({
        group,
        is_configured: isConfigured,
        updated_at: updatedAt?.toISOString() ?? null,
      });
      return {
        list: [
          summary('site', site?.updatedAt, Boolean(site)),
          summary('mail', mail?.updatedAt, Boolean(mailValues.smtp_host)),
          summary('sms', sms?.updatedAt, isSmsConfigured(smsValues)),
          summary('wecom', wecom?.updatedAt, Boolean(wecomValues.webhook_url)),
          summary('platform', platformUpdatedAt, Boolean(platformUpdatedAt)),
        ],
      };
    },

    async setConfig(input: TSetConfigValues, lang: Lang): Promise<TAllSettings> {
      const save = savers[input.group] as (values: TSetConfigValues['values'], lang: Lang) => Promise<void>;
      await save(input.values, lang);
      return getAll();
    },

    async testSendEmail(options: { to: string; lang: Lang }) {
      const mail = await getMail();
      if (!mail.smtp_host) throw new AppError('DELIVERY_FAILED', { messages: notConfigured.mail });
      const site = await getSite();
      const text = testTexts[options.lang];
      try {
        await sendWithSmtpSettings(
          mail,
          { to: options.to, subject: `${site.site_name} ${text.subject}`, text: text.body(site.site_name) },
          outbound,
        );
      } catch (error) {
        deps.onDeliveryFailure?.('mail', error);
        throw deliveryFailed(error);
      }
      return null;
    },

    async testSendSms(options: { mobile: string; lang: Lang }) {
      const sms = await getSms();
      if (!isSmsConfigured(sms)) throw new AppError('DELIVERY_FAILED', { messages: notConfigured.sms });
      try {
        // A real verification-code template needs a code; a test sends a fixed one nobody can use.
        await smsProviderFor(sms, outbound, deps.smsEndpoint).sendCode({
          mobile: options.mobile,
          code: '123456',
          purpose: 'register',
          lang: options.lang,
        });
      } catch (error) {
        deps.onDeliveryFailure?.('sms', error);
        throw deliveryFailed(error);
      }
      return null;
    },

    async testSendWecom(options: { content: string }) {
      const wecom = await getWecom();
      if (!wecom.webhook_url) throw new AppError('DELIVERY_FAILED', { messages: notConfigured.wecom });
      try {
        await sendWecomText({ webhookUrl: wecom.webhook_url, content: options.content, policy: outbound });
      } catch (error) {
        deps.onDeliveryFailure?.('wecom', error);
        throw deliveryFailed(error);
      }
      return null;
    },
  };
}
export type ConfigService = ReturnType<typeof createConfigService>;
