import type { FastifyBaseLogger } from 'fastify';
import type { Delivery } from '../delivery-error';

export interface SmsCodeMessage {
  mobile: string;
  code: string;
  purpose: 'register' | 'forgot';
  lang: 'zh-CN' | 'en-US';
}

/** A security notice to an account's phone: its password was changed at `time` (UTC, "YYYY-MM-DD HH:mm"). */
export interface SmsNoticeMessage {
  mobile: string;
  notice: 'password_changed';
  time: string;
  lang: 'zh-CN' | 'en-US';
}

/** What became of a notice: as a code's, or `no_template` when the provider has no notice template configured. */
export type NoticeDelivery = Delivery | 'no_template';

/** Sends verification codes and security notices by SMS. Real providers (Aliyun, Tencent Cloud) implement the same interface. */
export interface SmsProvider {
  readonly kind: string;
  /** Resolves with what became of the code (sent, or only logged); rejects when it could not be sent. */
  sendCode(message: SmsCodeMessage): Promise<Delivery>;
  /** Resolves with what became of the notice; rejects when it could not be sent. */
  sendNotice(message: SmsNoticeMessage): Promise<NoticeDelivery>;
}

/** Development implementation: writes the code to the server log. */
export function createLogSmsProvider(log: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    kind: 'log',
    async sendCode(message) {
      log.info(
        { mobile: message.mobile, code: message.code, purpose: message.purpose },
        `SMS code ${message.code} for ${message.mobile} (${message.purpose}; not sent: no SMS provider configured)`,
      );
      return 'logged';
    },
    async sendNotice(message) {
      log.info(
        { mobile: message.mobile, notice: message.notice },
        `SMS notice "${message.notice}" (${message.time}) for ${message.mobile} (not sent: no SMS provider configured)`,
      );
      return 'logged';
    },
  };
}
