import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '@/lib/dayjs';
import { useDismissSuspensionNotices } from '../api/dismiss-suspension-notices';
import { useSuspensionNotices } from '../api/list-suspension-notices';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * Shown to a merchant whose account an operator disabled and enabled again (docs/SECURITY.md,
 * Accounts): when, and that its stores' API keys were suspended meanwhile, until the merchant
 * acknowledges it.
 */
export function SuspensionNoticeBanner({ isEnabled }: { isEnabled: boolean }) {
  const { t } = useTranslation();
  const notices = useSuspensionNotices({ isEnabled });
  const dismiss = useDismissSuspensionNotices();
  const list = notices.data?.list ?? [];
  if (!isEnabled || list.length === 0) return null;
  return (
    <Alert
      className="suspension-notice"
      type="warning"
      showIcon
      role="alert"
      title={t('accountNotice.suspendedTitle')}
      description={
        <>
          {list.map((notice) => (
            <p key={notice.id} className="suspension-notice__period">
              {t('accountNotice.suspendedPeriod', {
                from: dayjs(notice.disabled_at).format(TIME_FORMAT),
                to: dayjs(notice.enabled_at).format(TIME_FORMAT),
              })}
            </p>
          ))}
          <p className="suspension-notice__period">{t('accountNotice.suspendedKeys')}</p>
        </>
      }
      action={
        <Button size="small" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
          {t('accountNotice.acknowledge')}
        </Button>
      }
    />
  );
}
