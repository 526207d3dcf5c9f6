import type { FastifyBaseLogger } from 'fastify';
import type { Delivery } from '../delivery-error';

export interface SmsCodeMessage {
  mobile: string;
  code: string;
  purpose: 'register' | 'forgot';
  lang: 'zh-CN' | 'en-US';
}

/** Sends verification codes by SMS. Real providers (Aliyun, Tencent Cloud) implement the same interface. */
export interface SmsProvider {
  readonly kind: string;
  /** Resolves with what became of the code (sent, or only logged); rejects when it could not be sent. */
  sendCode(message: SmsCodeMessage): Promise<Delivery>;
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
  };
}
