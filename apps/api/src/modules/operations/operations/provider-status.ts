import type { FastifyBaseLogger } from 'fastify';
import type { ProviderName } from '@parlour/contract/calls/operations';
import type { Clock } from '../../../lib/clock';
import { DeliveryError, deliveryReasonMessages } from '../../../providers/delivery-error';
import type { MailProvider } from '../../../providers/mail/mail-provider';
import type { ProductDataProvider } from '../../../providers/product-data/product-data-provider';
import type { SmsProvider } from '../../../providers/sms/sms-provider';
import type { OperationsRepository } from './operations.repository';

/** Longest error text kept per provider (a vendor's HTML error page is not worth more). */
const MAX_ERROR_LENGTH = 1000;

/**
 * What is kept of a failure: a delivery failure we describe ourselves keeps our reason, never what
 * the remote end said on the wire (an SMTP banner would make the page a port scanner's output);
 * a provider API's structured answer (Aliyun's Code and Message) is kept as it is.
 */
export function errorText(error: unknown): string {
  if (error instanceof DeliveryError) {
    const text = error.reason
      ? `${error.reason}: ${deliveryReasonMessages[error.reason]['en-US']}`
      : error.providerMessage;
    return text.slice(0, MAX_ERROR_LENGTH);
  }
  const text =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/**
 * The last failure of each external provider, for the operations page (docs/audit-log.md).
 * Recording never delays or fails the caller: it is written in the background on the plain database
 * (built with the raw `db`, outside any request's transaction, so a rolled-back call still leaves
 * its provider's failure), and a failure to record is only logged.
 */
export function createProviderStatusRecorder(deps: {
  repository: OperationsRepository;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository, clock, log } = deps;
  const pending = new Set<Promise<void>>();
  function track(work: Promise<void>) {
    const tracked = work
      .catch((error: unknown) => log.warn({ err: error }, 'could not record a provider status'))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  }
  return {
    failed(provider: ProviderName, error: unknown) {
      track(repository.recordProviderFailure(provider, errorText(error), clock.now()));
    },
    succeeded(provider: ProviderName) {
      track(repository.recordProviderSuccess(provider, clock.now()));
    },
    /** Waits for the records under way (tests, and a graceful stop). */
    async settle() {
      await Promise.all([...pending]);
    },
  };
}
export type ProviderStatusRecorder = ReturnType<typeof createProviderStatusRecorder>;

/** Runs a provider call and records its outcome; the call's own result or error passes through unchanged. */
export async function watchProvider<T>(
  recorder: ProviderStatusRecorder | undefined,
  provider: ProviderName,
  call: () => Promise<T>,
): Promise<T> {
  try {
    const result = await call();
    recorder?.succeeded(provider);
    return result;
  } catch (error) {
    recorder?.failed(provider, error);
    throw error;
  }
}

/** The mail provider with its failures recorded. */
export function watchMailProvider(provider: MailProvider, recorder: ProviderStatusRecorder): MailProvider {
  return { kind: provider.kind, send: (message) => watchProvider(recorder, 'mail', () => provider.send(message)) };
}

/** The SMS provider with its failures recorded. */
export function watchSmsProvider(provider: SmsProvider, recorder: ProviderStatusRecorder): SmsProvider {
  return {
    kind: provider.kind,
    sendCode: (message) => watchProvider(recorder, 'sms', () => provider.sendCode(message)),
    sendNotice: (message) => watchProvider(recorder, 'sms', () => provider.sendNotice(message)),
  };
}

/** The product-data provider with its failures recorded (an API it does not serve is the caller's mistake, not a failure). */
export function watchProductDataProvider(
  provider: ProductDataProvider,
  recorder: ProviderStatusRecorder,
): ProductDataProvider {
  return {
    kind: provider.kind,
    async call(request) {
      const outcome = await watchProvider(recorder, 'product_data', () => provider.call(request));
      if (!outcome.isOk && outcome.kind !== 'unsupported')
        recorder.failed('product_data', `${outcome.kind}: ${outcome.error}`);
      return outcome;
    },
  };
}
