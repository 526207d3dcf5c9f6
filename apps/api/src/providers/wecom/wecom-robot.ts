import { DeliveryError, describeFailure } from '../delivery-error';

/** WeCom (企业微信) group robot: the host its webhooks live on. Tests point WECOM_WEBHOOK_BASE at a local fake. */
export const WECOM_WEBHOOK_BASE = 'https://qyapi.weixin.qq.com';
const TIMEOUT_MS = 10_000;

interface RobotAnswer {
  errcode?: number;
  errmsg?: string;
}

/**
 * Posts a text message through a group robot's webhook (POST JSON `{ msgtype: 'text', text: { content } }`).
 * The robot answers HTTP 200 with `{ errcode, errmsg }`; only errcode 0 is success.
 */
export async function sendWecomText(options: { webhookUrl: string; content: string; fetch?: typeof fetch }): Promise<void> {
  const doFetch = options.fetch ?? fetch;
  let answer: RobotAnswer;
  try {
    const response = await doFetch(options.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msgtype: 'text', text: { content: options.content } }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) throw new DeliveryError('wecom', `HTTP ${response.status} ${response.statusText}`.trim());
    answer = (await response.json()) as RobotAnswer;
  } catch (error) {
    if (error instanceof DeliveryError) throw error;
    throw new DeliveryError('wecom', describeFailure(error), { cause: error });
  }
  if (answer.errcode !== 0) throw new DeliveryError('wecom', `${answer.errcode ?? '?'} ${answer.errmsg ?? 'no errmsg'}`);
}

/** The webhook with its key mostly hidden: enough to tell robots apart, not enough to post. */
export function maskWebhookUrl(url: string): string {
  return url.replace(/([?&]key=)([^&]*)/, (_match, prefix: string, key: string) =>
    `${prefix}${key.length > 8 ? `${key.slice(0, 4)}****${key.slice(-4)}` : '****'}`,
  );
}
