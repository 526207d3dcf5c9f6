import { PushpinFilled } from '@ant-design/icons';
import { Descriptions, Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichTextContent } from '@/components/rich-text-content';
import { dayjs } from '@/lib/dayjs';
import { useNotice } from '../api/get-notice';
import { NoticeStatusTag } from './notice-status-tag';

const TIME = 'YYYY-MM-DD HH:mm';

/** One notice as merchants will read it, with its status, times and how many merchants have read it. */
export function NoticeDetailDrawer({ noticeId, onClose }: { noticeId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notice = useNotice(noticeId);
  const data = notice.data;
  return (
    <Drawer open={noticeId !== null} onClose={onClose} title={t('adminNotice.detail.title')} size={560} destroyOnHidden>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <h2 className="notice-detail__title">
            {data.is_pinned ? (
              <PushpinFilled className="notice-pin" aria-label={t('adminNotice.field.pinned')} />
            ) : null}{' '}
            {data.title}
          </h2>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('adminNotice.field.status')}>
              <NoticeStatusTag notice={data} />
            </Descriptions.Item>
            <Descriptions.Item label={t('adminNotice.field.publishAt')}>
              {dayjs(data.publish_at).format(TIME)}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminNotice.field.readCount')}>{data.read_count}</Descriptions.Item>
            <Descriptions.Item label={t('adminNotice.field.createdAt')}>
              {dayjs(data.created_at).format(TIME)}
            </Descriptions.Item>
            <Descriptions.Item label={t('adminNotice.field.updatedAt')}>
              {dayjs(data.updated_at).format(TIME)}
            </Descriptions.Item>
          </Descriptions>
          <RichTextContent html={data.content} />
        </>
      )}
    </Drawer>
  );
}
