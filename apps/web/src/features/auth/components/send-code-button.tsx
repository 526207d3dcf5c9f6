import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/lib/use-countdown';

interface SendCodeButtonProps {
  /** Sends the code; answers the seconds to wait before the next send (0 when nothing was sent). */
  onSend: () => Promise<number>;
}

/** "Send code", then a countdown until the code may be sent again. */
export function SendCodeButton({ onSend }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { seconds, start } = useCountdown();
  const [isSending, setIsSending] = useState(false);

  const send = async () => {
    setIsSending(true);
    try {
      start(await onSend());
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Button
      className="send-code-button"
      onClick={() => void send()}
      loading={isSending}
      disabled={seconds > 0}
      aria-live="polite"
    >
      {seconds > 0 ? t('auth.code.countdown', { seconds }) : t('auth.code.send')}
    </Button>
  );
}
