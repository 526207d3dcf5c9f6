import type { Lang } from '@parlour/contract/errors';
import { OutboundError } from '../lib/outbound/outbound-policy';

/**
 * What became of a message a provider took: `sent` (handed to an SMTP server or an SMS API), or
 * `logged` (no provider is configured: written to the server log only, for a developer to read).
 */
export type Delivery = 'sent' | 'logged';

/**
 * Why a delivery failed, in words of our own. A test send shows the operator this reason, never
 * what the remote end said on the wire (an SMTP banner, an HTML error page): otherwise "test send"
 * reads the banner of whatever listens at an address, a port scanner.
 */
export type DeliveryReason =
  | 'blocked'
  | 'insecure'
  | 'unresolvable'
  | 'connect'
  | 'timeout'
  | 'tls'
  | 'auth'
  | 'not_smtp'
  | 'refused'
  | 'redirect'
  | 'too_large'
  | 'bad_answer';

export const deliveryReasonMessages: Record<DeliveryReason, Record<Lang, string>> = {
  blocked: {
    'zh-CN': '地址指向本机、内网或保留地址，已拒绝连接',
    'en-US': 'the address is a loopback, private or reserved address; not connected',
  },
  insecure: { 'zh-CN': '地址须为 https', 'en-US': 'the address must be https' },
  unresolvable: { 'zh-CN': '无法解析服务器域名', 'en-US': 'the server name could not be resolved' },
  connect: { 'zh-CN': '无法连接到服务器', 'en-US': 'could not connect to the server' },
  timeout: { 'zh-CN': '服务器未在限定时间内响应', 'en-US': 'the server did not answer in time' },
  tls: {
    'zh-CN': 'TLS 加密连接失败（请检查加密方式与端口）',
    'en-US': 'the TLS connection failed (check the security mode and port)',
  },
  auth: { 'zh-CN': '服务器拒绝了用户名或密码', 'en-US': 'the server refused the user name or password' },
  not_smtp: { 'zh-CN': '该地址的服务不是 SMTP 服务器', 'en-US': 'the server at this address is not an SMTP server' },
  refused: {
    'zh-CN': '服务器拒绝了发件人、收件人或邮件',
    'en-US': 'the server refused the sender, a recipient or the message',
  },
  redirect: {
    'zh-CN': '服务器返回了重定向，已拒绝跟随',
    'en-US': 'the server answered a redirect, which is not followed',
  },
  too_large: { 'zh-CN': '服务器的响应过大', 'en-US': 'the server answer was too large' },
  bad_answer: { 'zh-CN': '服务器的响应无法识别', 'en-US': 'the server answer could not be read' },
};

/**
 * A provider refused a message or could not be reached. `providerMessage` is what the operator is
 * shown: the provider API's own structured answer (Aliyun's Code and Message, WeCom's errcode and
 * errmsg) or, when the failure is ours to describe (`reason`), a short technical line for the log.
 * Never shown to merchants.
 */
export class DeliveryError extends Error {
  constructor(
    readonly channel: 'mail' | 'sms' | 'wecom',
    readonly providerMessage: string,
    options?: { cause?: unknown; reason?: DeliveryReason },
  ) {
    super(`${channel} delivery failed: ${providerMessage}`, options);
    this.name = 'DeliveryError';
    this.reason = options?.reason;
  }

  /** Set when the operator gets our generic reason instead of `providerMessage`. */
  readonly reason: DeliveryReason | undefined;
}

/** The generic reason of a failed HTTP exchange under the outbound policy, or of anything else thrown. */
export function reasonOfOutbound(error: unknown): DeliveryReason {
  if (!(error instanceof OutboundError)) return 'connect';
  const reasons: Record<OutboundError['kind'], DeliveryReason> = {
    blocked: 'blocked',
    insecure: 'insecure',
    unresolvable: 'unresolvable',
    network: 'connect',
    timeout: 'timeout',
    redirect: 'redirect',
    too_large: 'too_large',
  };
  return reasons[error.kind];
}

/** The generic reason of a nodemailer failure, from its error code only (its message quotes the server). */
export function reasonOfSmtp(error: unknown): DeliveryReason {
  if (error instanceof OutboundError) return reasonOfOutbound(error);
  const detail = error as { code?: string; command?: string };
  switch (detail.code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return 'auth';
    case 'ETLS':
    case 'EREQUIRETLS':
      return 'tls';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'EPROTOCOL':
      return 'not_smtp';
    case 'EENVELOPE':
    case 'EMESSAGE':
      return 'refused';
    case 'EDNS':
      return 'unresolvable';
    default:
      // STARTTLS required but not offered is reported as a connection error on EHLO.
      return detail.command === 'STARTTLS' || detail.command === 'EHLO' ? 'tls' : 'connect';
  }
}
