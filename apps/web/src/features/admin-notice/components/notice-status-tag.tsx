import type { TAdminNotice } from '@parlour/contract/calls/notice';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '@/lib/dayjs';

/** Draft, published, or scheduled (published with a publish time still ahead: merchants do not see it yet). */
export function NoticeStatusTag({ notice }: { notice: Pick<TAdminNotice, 'status' | 'publish_at'> }) {
  const { t } = useTranslation();
  if (notice.status === 'draft') return <Tag>{t('adminNotice.status.draft')}</Tag>;
  if (dayjs(notice.publish_at).isAfter(dayjs())) return <Tag color="blue">{t('adminNotice.status.scheduled')}</Tag>;
  return <Tag color="green">{t('adminNotice.status.published')}</Tag>;
}
