import nodemailer from 'nodemailer';
import type { TMailSettings } from '@parlour/contract/calls/settings';
import { DeliveryError, describeFailure } from '../delivery-error';
import type { MailMessage, MailProvider } from './mail-provider';

/** The mail group as stored: the form's fields plus the password. */
export type StoredMailSettings = Omit<TMailSettings, 'smtp_password_is_set'> & { smtp_password: string };

const TIMEOUT_MS = 15_000;

/** Sends one message through the SMTP server the operator configured; failures carry the server's reply. */
export async function sendWithSmtpSettings(settings: StoredMailSettings, message: MailMessage): Promise<void> {
  const transport = nodemailer.createTransport({
    host: settings.smtp_host,
    port: settings.smtp_port,
    // ssl: TLS from the first byte (465); starttls: plain, then upgraded, refusing to go on without it (587);
    // none: never TLS, for a relay on a trusted network.
    secure: settings.smtp_security === 'ssl',
    requireTLS: settings.smtp_security === 'starttls',
    ignoreTLS: settings.smtp_security === 'none',
    auth: settings.smtp_user ? { user: settings.smtp_user, pass: settings.smtp_password } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: settings.mail_sender, ...message });
  } catch (error) {
    throw new DeliveryError('mail', describeFailure(error), { cause: error });
  } finally {
    transport.close();
  }
}

/**
 * The platform's mail transport: the operator's SMTP settings once an SMTP host is saved, else
 * `fallback` (SMTP_URL from the environment, or the log). Read on every send, so a change in the
 * settings screen applies to every API process at once.
 */
export function createConfiguredMailProvider(deps: { getSettings: () => Promise<StoredMailSettings | undefined>; fallback: MailProvider }): MailProvider {
  return {
    kind: 'smtp',
    async send(message) {
      const settings = await deps.getSettings();
      if (!settings?.smtp_host) return deps.fallback.send(message);
      await sendWithSmtpSettings(settings, message);
    },
  };
}
