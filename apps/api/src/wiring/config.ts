import { watchMailProvider, watchSmsProvider } from '../modules/operations/operations/provider-status';
import { registerConfigRoutes } from '../platform/settings/config.routes';
import { createConfigService } from '../platform/settings/config.service';
import { createConfiguredMailProvider } from '../providers/mail/configured-mail-provider';
import { createLogMailProvider, createSmtpMailProvider } from '../providers/mail/mail-provider';
import { createConfiguredSmsProvider } from '../providers/sms/configured-sms-provider';
import { createLogSmsProvider } from '../providers/sms/sms-provider';
import type { Content } from './content';
import type { Platform } from './platform';

/**
 * The operator's configuration groups (the site, mail, SMS, robot, uploads and reserved store IDs) and
 * the mail and SMS providers, which follow the saved groups (SMTP_URL or the log as the fallback).
 */
export function wireConfig(platform: Platform, { uploadService }: Pick<Content, 'uploadService'>) {
  const { app, config, options, settings, secretBox, outbound, providerStatus, registrar } = platform;
  const configService = createConfigService({
    outbound,
    fixedReservedShopIds: platform.reservedShopIds,
    onDeliveryFailure: (channel, error) => providerStatus.failed(channel, error),
    settings,
    secrets: secretBox,
    uploadExists: (fileName) => uploadService.exists(fileName),
    smsEndpoint: config.aliyunSmsEndpoint,
    wecomWebhookBase: config.wecomWebhookBase,
  });
  registerConfigRoutes(registrar, { configService });
  const fallbackMail = config.smtpUrl
    ? createSmtpMailProvider({ url: config.smtpUrl, from: config.mailFrom })
    : createLogMailProvider(app.log);
  const mail = watchMailProvider(
    options.mail ??
      createConfiguredMailProvider({
        getSettings: configService.getMailForDelivery,
        fallback: fallbackMail,
        policy: outbound,
      }),
    providerStatus,
  );
  const sms = watchSmsProvider(
    options.sms ??
      createConfiguredSmsProvider({
        getSettings: configService.getSmsForDelivery,
        fallback: createLogSmsProvider(app.log),
        endpoint: config.aliyunSmsEndpoint,
        policy: outbound,
      }),
    providerStatus,
  );
  return { configService, mail, sms };
}
export type ConfigArea = ReturnType<typeof wireConfig>;
