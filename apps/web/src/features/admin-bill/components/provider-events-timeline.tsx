import type { TPaymentEvent } from '@parlour/contract/calls/bill';
import { PAY_METHODS, type PayMethod } from '@parlour/contract/constants';
import { Empty, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeBlock } from '@/components/code-block';
import { formatMoney } from '@/lib/money';
import { formatTime } from './bill-columns';

const isPayMethod = (value: string): value is PayMethod => (PAY_METHODS as readonly string[]).includes(value);

/** A payment provider by name: a pay method's, the sandbox cashier, or the stored name. */
export function ProviderName({ provider }: { provider: string }) {
  const { t } = useTranslation();
  if (isPayMethod(provider)) return <>{t(`payMethod.${provider}`)}</>;
  if (provider === 'sandbox') return <>{t('adminBill.events.sandbox')}</>;
  return <>{provider}</>;
}

/** What we did with an event, in words; values the console does not know yet are shown as they are. */
const RESULT_KEYS = {
  fulfilled: 'adminBill.events.result.fulfilled',
  duplicate: 'adminBill.events.result.duplicate',
  mismatch: 'adminBill.events.result.mismatch',
  refused: 'adminBill.events.result.refused',
  stale: 'adminBill.events.result.stale',
  replayed: 'adminBill.events.result.replayed',
  late_payment: 'adminBill.events.result.late_payment',
  unknown_refund: 'adminBill.events.result.unknown_refund',
  unpaid: 'adminBill.events.result.unpaid',
  closed: 'adminBill.events.result.closed',
  failed: 'adminBill.events.result.failed',
  refunded: 'adminBill.events.result.refunded',
  pending: 'adminBill.events.result.pending',
} as const;
const OUTCOME_KEYS = {
  paid: 'adminBill.events.outcome.paid',
  failed: 'adminBill.events.outcome.failed',
  ignored: 'adminBill.events.outcome.ignored',
  invalid: 'adminBill.events.outcome.invalid',
  // A refund notification (WeChat Pay REFUND.SUCCESS / REFUND.ABNORMAL or REFUND.CLOSED / another status).
  refund_succeeded: 'adminBill.events.outcome.refund_succeeded',
  refund_failed: 'adminBill.events.outcome.refund_failed',
  refund_other: 'adminBill.events.outcome.refund_other',
} as const;
const GOOD_RESULTS = new Set(['fulfilled', 'closed', 'refunded', 'unpaid', 'pending', 'duplicate']);
const BAD_RESULTS = new Set(['mismatch', 'refused', 'stale', 'replayed', 'failed']);
/** Worth the operator's look though nothing changed: a payment to refund, a refund of the bill we did not ask for (made in the provider's own console). */
const WARNING_RESULTS = new Set(['late_payment', 'unknown_refund']);

const isKeyOf = <M extends object>(map: M, value: string): value is Extract<keyof M, string> =>
  Object.hasOwn(map, value);

/** The payload as indented JSON (a value that is JSON text is unfolded too). */
export function prettyPayload(payload: Record<string, unknown>): string {
  return JSON.stringify(
    payload,
    (_key, value: unknown) => {
      if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    },
    2,
  );
}

/** A bill's stored notifications, queries, closes and refunds, newest first, each with its payload. */
export function ProviderEventsTimeline({ events }: { events: TPaymentEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('adminBill.events.empty')} />;
  return (
    <Timeline
      className="provider-events"
      items={events.map((event) => {
        const color = BAD_RESULTS.has(event.result)
          ? 'red'
          : WARNING_RESULTS.has(event.result)
            ? 'orange'
            : GOOD_RESULTS.has(event.result)
              ? 'green'
              : 'gray';
        const hasPayload = Object.keys(event.payload).length > 0;
        return {
          key: event.id,
          color,
          content: (
            <div className="provider-event" data-testid="provider-event">
              <Space size={[6, 2]} wrap>
                <Typography.Text strong>{t(`adminBill.events.kind.${event.kind}`)}</Typography.Text>
                <Typography.Text type="secondary">
                  <ProviderName provider={event.provider} />
                </Typography.Text>
                {isKeyOf(OUTCOME_KEYS, event.outcome) ? <Tag>{t(OUTCOME_KEYS[event.outcome])}</Tag> : null}
                <Tag
                  color={
                    color === 'gray'
                      ? undefined
                      : color === 'red'
                        ? 'error'
                        : color === 'orange'
                          ? 'warning'
                          : 'success'
                  }
                >
                  {isKeyOf(RESULT_KEYS, event.result) ? t(RESULT_KEYS[event.result]) : event.result}
                </Tag>
              </Space>
              <div className="provider-event__meta">
                <Typography.Text type="secondary">{formatTime(event.created_at)}</Typography.Text>
                {event.amount !== null && event.currency ? (
                  <Typography.Text type="secondary">{formatMoney(event.amount, event.currency)}</Typography.Text>
                ) : null}
                {event.trade_no ? (
                  <Typography.Text type="secondary" copyable={{ text: event.trade_no }}>
                    {event.trade_no}
                  </Typography.Text>
                ) : null}
              </div>
              {hasPayload ? (
                <details className="provider-event__payload">
                  <summary>{t('adminBill.events.payload')}</summary>
                  <CodeBlock label={t('adminBill.events.payload')}>{prettyPayload(event.payload)}</CodeBlock>
                </details>
              ) : null}
            </div>
          ),
        };
      })}
    />
  );
}
