import type { FastifyBaseLogger } from 'fastify';

export interface SmsCodeMessage {
  mobile: string;
  code: string;
  purpose: 'register' | 'forgot';
  lang: 'zh-CN' | 'en-US';
}

/** Sends verification codes by SMS. Real providers (Aliyun, Tencent Cloud) implement the same interface. */
export interface SmsProvider {
  readonly kind: string;
  sendCode(message: SmsCodeMessage): Promise<void>;
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
    },
  };
}
