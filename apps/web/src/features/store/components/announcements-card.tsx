import { CheckOutlined, NotificationOutlined, PushpinFilled, RightOutlined } from '@ant-design/icons';
import type { TMerchantNotice } from '@parlour/contract/calls/notice';
import { Badge, Button, Card, Drawer, Empty, List, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextContent } from '@/components/rich-text-content';
import { dayjs } from '@/lib/dayjs';
import { feedback } from '@/lib/feedback';
import { useNotices } from '../api/list-notices';
import { useMarkNoticesRead } from '../api/mark-notices-read';

/** Unread notices on the panel. */
const PREVIEW_COUNT = 5;
const DRAWER_PAGE_SIZE = 10;

function NoticeTitle({ notice }: { notice: TMerchantNotice }) {
  const { t } = useTranslation();
  return (
    <>
      {notice.is_pinned ? <PushpinFilled className="notice-pin" aria-label={t('store.announcements.pinned')} /> : null}
      {notice.title}
    </>
  );
}

/** The full list: every visible notice with its read mark, paged, and "mark all read". */
function AllNoticesDrawer({
  isOpen,
  onClose,
  onOpenNotice,
}: {
  isOpen: boolean;
  onClose: () => void;
  onOpenNotice: (notice: TMerchantNotice) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const notices = useNotices({ include_read: true, page, limit: DRAWER_PAGE_SIZE }, { isEnabled: isOpen });
  const markRead = useMarkNoticesRead();
  const unreadCount = notices.data?.unread_count ?? 0;

  const markAllRead = () =>
    markRead.mutate({ all: true }, { onSuccess: () => feedback.success(t('store.announcements.allMarkedRead')) });

  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      title={t('store.announcements.all')}
      size={480}
      extra={
        <Button
          size="small"
          icon={<CheckOutlined />}
          onClick={markAllRead}
          loading={markRead.isPending}
          disabled={unreadCount === 0}
        >
          {t('store.announcements.markAllRead')}
        </Button>
      }
    >
      <List
        loading={notices.isFetching && !notices.data}
        dataSource={notices.data?.list ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('store.announcements.none')} />,
        }}
        pagination={
          (notices.data?.total ?? 0) > DRAWER_PAGE_SIZE
            ? {
                current: page,
                pageSize: DRAWER_PAGE_SIZE,
                total: notices.data?.total ?? 0,
                size: 'small',
                onChange: setPage,
                align: 'center',
              }
            : false
        }
        renderItem={(notice) => (
          <List.Item key={notice.id} className={notice.is_read ? 'notice-row notice-row--read' : 'notice-row'}>
            <List.Item.Meta
              // Unread is a call for attention, not work under way: the brand orange of the "Unread" tag, not "processing" blue.
              avatar={notice.is_read ? <Badge status="default" /> : <Badge color="orange" />}
              title={
                <Button
                  type="link"
                  onClick={() => onOpenNotice(notice)}
                  className="announcement-link"
                  style={{ padding: 0, height: 'auto', textAlign: 'left', whiteSpace: 'normal' }}
                >
                  <NoticeTitle notice={notice} />
                </Button>
              }
              description={dayjs(notice.publish_at).format('YYYY-MM-DD HH:mm')}
            />
            {notice.is_read ? (
              <Typography.Text type="secondary">{t('store.announcements.read')}</Typography.Text>
            ) : (
              <Tag color="orange">{t('store.announcements.unread')}</Tag>
            )}
          </List.Item>
        )}
      />
    </Drawer>
  );
}

/** One notice's formatted content; opening it marks it read. */
function NoticeDetailModal({ notice, onClose }: { notice: TMerchantNotice | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={notice !== null}
      onCancel={onClose}
      title={notice ? <NoticeTitle notice={notice} /> : null}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={640}
    >
      {notice ? (
        <>
          <Typography.Text type="secondary">{dayjs(notice.publish_at).format('YYYY-MM-DD HH:mm')}</Typography.Text>
          <RichTextContent html={notice.content} className="notice-detail__content" />
        </>
      ) : null}
    </Modal>
  );
}

/**
 * The store list's announcements (spec §2): the merchant's unread notices, pinned first, with the
 * unread count; "more" opens every notice with read marks; a notice opens in a detail view and is
 * marked read for this merchant.
 */
export function AnnouncementsCard() {
  const { t } = useTranslation();
  const [isAllOpen, setIsAllOpen] = useState(false);
  const [selected, setSelected] = useState<TMerchantNotice | null>(null);
  const unread = useNotices({ limit: PREVIEW_COUNT });
  const markRead = useMarkNoticesRead();

  const openNotice = (notice: TMerchantNotice) => {
    setSelected(notice);
    if (!notice.is_read) markRead.mutate({ ids: [notice.id] });
  };

  return (
    <>
      <Card
        size="small"
        className="announcements-card"
        title={
          <span>
            <NotificationOutlined style={{ color: 'var(--parlour-primary, #fa8c16)' }} />{' '}
            {t('store.announcements.title')}{' '}
            <Badge
              count={unread.data?.unread_count ?? 0}
              overflowCount={99}
              size="small"
              title={t('store.announcements.unreadCount', { count: unread.data?.unread_count ?? 0 })}
            />
          </span>
        }
        extra={
          <Button type="link" size="small" onClick={() => setIsAllOpen(true)}>
            {t('store.announcements.more')} <RightOutlined />
          </Button>
        }
      >
        <List
          size="small"
          loading={unread.isLoading}
          dataSource={unread.data?.list ?? []}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('store.announcements.empty')}
                style={{ margin: '4px 0' }}
                styles={{ image: { height: 32 } }}
              />
            ),
          }}
          renderItem={(notice) => (
            <List.Item key={notice.id} style={{ paddingInline: 0 }}>
              <Button
                type="link"
                className="announcement-link"
                onClick={() => openNotice(notice)}
                style={{ padding: 0, height: 'auto', textAlign: 'left', whiteSpace: 'normal' }}
              >
                <NoticeTitle notice={notice} />
              </Button>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {dayjs(notice.publish_at).format('MM-DD')}
              </Typography.Text>
            </List.Item>
          )}
        />
      </Card>
      <AllNoticesDrawer isOpen={isAllOpen} onClose={() => setIsAllOpen(false)} onOpenNotice={openNotice} />
      <NoticeDetailModal notice={selected} onClose={() => setSelected(null)} />
    </>
  );
}
