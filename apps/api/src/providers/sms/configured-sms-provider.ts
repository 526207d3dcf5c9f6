import type { TSmsSettings } from '@parlour/contract/calls/settings';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy';
import { createAliyunSmsProvider } from './aliyun-sms-provider';
import type { SmsProvider } from './sms-provider';

/** The SMS group as stored: the form's fields plus the access key secret. */
export type StoredSmsSettings = Omit<TSmsSettings, 'access_key_secret_is_set'> & { access_key_secret: string };

/** True when the group names a provider and has everything that provider needs. */
export function isSmsConfigured(settings: StoredSmsSettings | undefined): settings is StoredSmsSettings {
  return Boolean(
    settings &&
    settings.sms_provider === 'aliyun' &&
    settings.access_key_id &&
    settings.access_key_secret &&
    settings.sign_name &&
    settings.template_code,
  );
}

export function smsProviderFor(settings: StoredSmsSettings, policy: OutboundPolicy, endpoint?: string): SmsProvider {
  return createAliyunSmsProvider({
    endpoint,
    policy,
    credentials: {
      accessKeyId: settings.access_key_id,
      accessKeySecret: settings.access_key_secret,
      signName: settings.sign_name,
      templateCode: settings.template_code,
      noticeTemplateCode: settings.notice_template_code || undefined,
    },
  });
}

/**
 * Verification codes and notices go through the provider the operator configured in settings; until one is
 * configured, through `fallback` (the log in development). Read on every send, so every API process
 * follows a change at once.
 */
export function createConfiguredSmsProvider(deps: {
  getSettings: () => Promise<StoredSmsSettings | undefined>;
  fallback: SmsProvider;
  endpoint?: string;
  policy: OutboundPolicy;
}): SmsProvider {
  const current = async () => {
    const settings = await deps.getSettings();
    return isSmsConfigured(settings) ? smsProviderFor(settings, deps.policy, deps.endpoint) : deps.fallback;
  };
  return {
    kind: 'configured',
    sendCode: async (message) => (await current()).sendCode(message),
    sendNotice: async (message) => (await current()).sendNotice(message),
  };
}
