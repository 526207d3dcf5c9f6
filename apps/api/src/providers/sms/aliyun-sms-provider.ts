import { createHmac, randomUUID } from 'node:crypto';
import { outboundRequest } from '../../lib/outbound/outbound-http';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy';
import { DeliveryError, reasonOfOutbound } from '../delivery-error';
import type { SmsProvider } from './sms-provider';

/** Aliyun SMS (Dysmsapi) endpoint; ALIYUN_SMS_ENDPOINT replaces it (tests point it at a local fake). */
export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
const TIMEOUT_MS = 10_000;
/** SendSms answers a few hundred bytes. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface AliyunSmsCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A verification-code template whose variable is `${code}`. */
  templateCode: string;
  /** A security-notice template whose variable is `${time}`; none: notices are not sent. */
  noticeTemplateCode?: string;
}

/**
 * Percent-encoding of Aliyun's RPC signature (version 1.0): RFC 3986, leaving only A-Z a-z 0-9 - _ . ~
 * as they are, everything else as %XY in upper case (so a space is %20, never +).
 */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Signs the parameters of an RPC call: sort by name, encode names and values, join with & and =,
 * then StringToSign = METHOD & encode("/") & encode(canonicalized), HMAC-SHA1 keyed with secret + "&", base64.
 */
export function signAliyunRpc(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  const canonicalized = Object.keys(params)
    .sort()
    .map((name) => `${aliyunPercentEncode(name)}=${aliyunPercentEncode(params[name])}`)
    .join('&');
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonicalized)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/** ISO 8601 in UTC without milliseconds, as the API asks: 2017-07-12T02:42:19Z. */
function timestamp(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

interface SendSmsAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  BizId?: string;
}

/** Calls SendSms (API version 2017-05-25) with a signed form POST; only Code "OK" is success. */
export async function sendAliyunSms(options: {
  credentials: AliyunSmsCredentials;
  phoneNumber: string;
  /** The template of the message; the credentials' verification-code template by default. */
  templateCode?: string;
  templateParam: Record<string, string>;
  endpoint?: string;
  now?: Date;
  /** The endpoint is reached under the outbound policy (https, public addresses, no redirects, size cap). */
  policy: OutboundPolicy;
}): Promise<{ bizId: string | undefined; requestId: string | undefined }> {
  const { credentials } = options;
  const params: Record<string, string> = {
    AccessKeyId: credentials.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    // Mainland numbers go without a prefix; international ones with their country code and no +.
    PhoneNumbers: options.phoneNumber.replace(/^\+/, ''),
    RegionId: 'cn-hangzhou',
    SignName: credentials.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: options.templateCode ?? credentials.templateCode,
    TemplateParam: JSON.stringify(options.templateParam),
    Timestamp: timestamp(options.now ?? new Date()),
    Version: '2017-05-25',
  };
  const signature = signAliyunRpc('POST', params, credentials.accessKeySecret);
  const body = [...Object.entries(params), ['Signature', signature]]
    .map(([name, value]) => `${aliyunPercentEncode(name)}=${aliyunPercentEncode(value)}`)
    .join('&');
  let answer: SendSmsAnswer;
  try {
    const response = await outboundRequest(
      options.policy,
      `${(options.endpoint ?? ALIYUN_SMS_ENDPOINT).replace(/\/+$/, '')}/`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
      },
    );
    try {
      answer = JSON.parse(response.body) as SendSmsAnswer;
    } catch {
      // Not the API's answer (a proxy's error page, say): its text is not shown.
      throw new DeliveryError('sms', `HTTP ${response.status}, not JSON`, { reason: 'bad_answer' });
    }
  } catch (error) {
    if (error instanceof DeliveryError) throw error;
    throw new DeliveryError('sms', (error as Error).message, { cause: error, reason: reasonOfOutbound(error) });
  }
  if (answer.Code !== 'OK')
    throw new DeliveryError('sms', `${answer.Code ?? 'unknown'}: ${answer.Message ?? 'no message'}`);
  return { bizId: answer.BizId, requestId: answer.RequestId };
}

/** Verification codes and security notices through Aliyun SMS with the operator's credentials and templates. */
export function createAliyunSmsProvider(options: {
  credentials: AliyunSmsCredentials;
  endpoint?: string;
  policy: OutboundPolicy;
}): SmsProvider {
  return {
    kind: 'aliyun',
    async sendCode(message) {
      await sendAliyunSms({
        credentials: options.credentials,
        endpoint: options.endpoint,
        policy: options.policy,
        phoneNumber: message.mobile,
        templateParam: { code: message.code },
      });
      return 'sent';
    },
    async sendNotice(message) {
      const templateCode = options.credentials.noticeTemplateCode;
      if (!templateCode) return 'no_template';
      await sendAliyunSms({
        ...options,
        phoneNumber: message.mobile,
        templateCode,
        templateParam: { time: message.time },
      });
      return 'sent';
    },
  };
}
