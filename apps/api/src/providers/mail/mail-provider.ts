import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Delivery } from '../delivery-error';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends email. The SMTP adapter speaks to any SMTP server; the log adapter is for machines without one. */
export interface MailProvider {
  readonly kind: 'smtp' | 'log';
  /** Resolves with what became of the message (sent, or only logged); rejects when it could not be sent. */
  send(message: MailMessage): Promise<Delivery>;
}

export function createSmtpMailProvider(options: { url: string; from: string }): MailProvider {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
      return 'sent';
    },
  };
}

/** Development only: writes the message to the server log instead of sending it. */
export function createLogMailProvider(log: Pick<FastifyBaseLogger, 'info'>): MailProvider {
  return {
    kind: 'log',
    async send(message) {
      // One line a developer can read the code from: the text of a verification mail is one sentence.
      log.info(
        { to: message.to, subject: message.subject, text: message.text },
        `mail to ${message.to} (not sent: no SMTP configured): ${message.subject}: ${message.text.replace(/\s+/g, ' ').trim()}`,
      );
      return 'logged';
    },
  };
}
