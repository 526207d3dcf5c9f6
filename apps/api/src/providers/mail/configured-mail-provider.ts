import net from 'node:net';
import nodemailer from 'nodemailer';
import type { TMailSettings } from '@parlour/contract/calls/settings';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy';
import { DeliveryError, reasonOfSmtp } from '../delivery-error';
import type { MailMessage, MailProvider } from './mail-provider';

/** The mail group as stored: the form's fields plus the password. */
export type StoredMailSettings = Omit<TMailSettings, 'smtp_password_is_set'> & { smtp_password: string };

/** Connecting (TCP and TLS) must be done within this long. */
const CONNECT_TIMEOUT_MS = 10_000;
/** The server's greeting, and any later silence, may take at most this long. */
const SOCKET_TIMEOUT_MS = 15_000;

/**
 * Sends one message through the SMTP server the operator configured. The host is resolved and
 * checked by the outbound policy and nodemailer connects to that checked address (the name kept
 * for TLS), so a name resolving elsewhere the second time cannot reach an internal address.
 * Failures carry a generic reason: the server's own words stay out of what the operator is shown.
 */
export async function sendWithSmtpSettings(
  settings: StoredMailSettings,
  message: MailMessage,
  policy: OutboundPolicy,
): Promise<void> {
  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  try {
    const [{ address }] = await policy.resolve(settings.smtp_host);
    transport = nodemailer.createTransport({
      host: address,
      // TLS checks the certificate against the name the operator gave, not the address.
      ...(net.isIP(settings.smtp_host) ? {} : { tls: { servername: settings.smtp_host } }),
      port: settings.smtp_port,
      // ssl: TLS from the first byte (465); starttls: plain, then upgraded, refusing to go on without it (587);
      // none: never TLS, for a relay on a trusted network.
      secure: settings.smtp_security === 'ssl',
      requireTLS: settings.smtp_security === 'starttls',
      ignoreTLS: settings.smtp_security === 'none',
      auth: settings.smtp_user ? { user: settings.smtp_user, pass: settings.smtp_password } : undefined,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: SOCKET_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
      dnsTimeout: CONNECT_TIMEOUT_MS,
    });
    await transport.sendMail({ from: settings.mail_sender, ...message });
  } catch (error) {
    const detail = error as { code?: string; command?: string; message?: string };
    throw new DeliveryError('mail', [detail.code, detail.command].filter(Boolean).join(' ') || 'failed', {
      cause: error,
      reason: reasonOfSmtp(error),
    });
  } finally {
    transport?.close();
  }
}

/**
 * The platform's mail transport: the operator's SMTP settings once an SMTP host is saved, else
 * `fallback` (SMTP_URL from the environment, or the log). Read on every send, so a change in the
 * settings screen applies to every API process at once.
 */
export function createConfiguredMailProvider(deps: {
  getSettings: () => Promise<StoredMailSettings | undefined>;
  fallback: MailProvider;
  policy: OutboundPolicy;
}): MailProvider {
  return {
    kind: 'smtp',
    async send(message) {
      const settings = await deps.getSettings();
      if (!settings?.smtp_host) return deps.fallback.send(message);
      await sendWithSmtpSettings(settings, message, deps.policy);
      return 'sent';
    },
  };
}
