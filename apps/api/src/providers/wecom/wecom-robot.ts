import { outboundRequest } from '../../lib/outbound/outbound-http';
import type { OutboundPolicy } from '../../lib/outbound/outbound-policy';
import { DeliveryError, reasonOfOutbound } from '../delivery-error';

/** WeCom (企业微信) group robot: the host its webhooks live on. Tests point WECOM_WEBHOOK_BASE at a local fake. */
export const WECOM_WEBHOOK_BASE = 'https://qyapi.weixin.qq.com';
const TIMEOUT_MS = 10_000;
/** The robot answers `{ errcode, errmsg }`: a few dozen bytes. */
const MAX_ANSWER_BYTES = 64 * 1024;

interface RobotAnswer {
  errcode?: number;
  errmsg?: string;
}

/**
 * Posts a text message through a group robot's webhook (POST JSON `{ msgtype: 'text', text: { content } }`).
 * The robot answers HTTP 200 with `{ errcode, errmsg }`; only errcode 0 is success.
 */
export async function sendWecomText(options: {
  webhookUrl: string;
  content: string;
  policy: OutboundPolicy;
}): Promise<void> {
  let answer: RobotAnswer;
  try {
    const response = await outboundRequest(options.policy, options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msgtype: 'text', text: { content: options.content } }),
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
    if (response.status < 200 || response.status >= 300)
      throw new DeliveryError('wecom', `HTTP ${response.status}`, { reason: 'bad_answer' });
    try {
      answer = JSON.parse(response.body) as RobotAnswer;
    } catch {
      throw new DeliveryError('wecom', `HTTP ${response.status}, not JSON`, { reason: 'bad_answer' });
    }
  } catch (error) {
    if (error instanceof DeliveryError) throw error;
    throw new DeliveryError('wecom', (error as Error).message, { cause: error, reason: reasonOfOutbound(error) });
  }
  if (answer.errcode !== 0)
    throw new DeliveryError('wecom', `${answer.errcode ?? '?'} ${answer.errmsg ?? 'no errmsg'}`);
}

/** The webhook with its key mostly hidden: enough to tell robots apart, not enough to post. */
export function maskWebhookUrl(url: string): string {
  return url.replace(
    /([?&]key=)([^&]*)/,
    (_match, prefix: string, key: string) =>
      `${prefix}${key.length > 8 ? `${key.slice(0, 4)}****${key.slice(-4)}` : '****'}`,
  );
}
