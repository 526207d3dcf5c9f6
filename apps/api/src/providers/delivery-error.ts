/**
 * A provider refused a message or could not be reached. `providerMessage` is the provider's own
 * words (SMTP reply, errmsg, Message), shown to the operator on a test send; never to merchants.
 */
export class DeliveryError extends Error {
  constructor(
    readonly channel: 'mail' | 'sms' | 'wecom',
    readonly providerMessage: string,
    options?: { cause?: unknown },
  ) {
    super(`${channel} delivery failed: ${providerMessage}`, options);
    this.name = 'DeliveryError';
  }
}

/** The shortest useful description of a network or protocol failure. */
export function describeFailure(error: unknown): string {
  if (error instanceof DeliveryError) return error.providerMessage;
  if (error instanceof Error) {
    const detail = error as Error & { response?: string; command?: string; code?: string; cause?: unknown };
    // nodemailer names the SMTP command the server refused (AUTH PLAIN, STARTTLS, RCPT TO…).
    if (detail.response) return detail.command ? `${detail.command}: ${detail.response}` : detail.response;
    const cause = detail.cause as (Error & { code?: string }) | undefined;
    if (error.name === 'TimeoutError') return 'timed out';
    if (cause?.code) return `${cause.code}${cause.message ? `: ${cause.message}` : ''}`;
    return detail.code ? `${detail.code}: ${error.message}` : error.message;
  }
  return String(error);
}
