import { Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { splitDuration, useTimeLeft } from '../lib/use-countdown';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Time left until `to` as "12天 03时 04分 05秒" / "12d 03h 04m 05s", ticking every second; the
 * "expired" text once it is past. `onEnd` runs once when the time runs out while shown (a list
 * can then refresh the row's status).
 */
export function ExpiryCountdown({ to, onEnd }: { to: string; onEnd?: () => void }) {
  const { t } = useTranslation();
  const left = useTimeLeft(to);
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  const wasRunning = useRef(false);

  useEffect(() => {
    if (left === null) return;
    if (left > 0) wasRunning.current = true;
    else if (wasRunning.current) {
      wasRunning.current = false;
      onEndRef.current?.();
    }
  }, [left]);

  if (left === null) return null;
  if (left <= 0) return <Typography.Text type="danger">{t('countdown.expired')}</Typography.Text>;
  const { days, hours, minutes, seconds } = splitDuration(left);
  return (
    <Typography.Text
      type={days === 0 ? 'warning' : 'secondary'}
      className="expiry-countdown"
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {t('countdown.left', { days, hours: pad(hours), minutes: pad(minutes), seconds: pad(seconds) })}
    </Typography.Text>
  );
}
