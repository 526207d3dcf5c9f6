import { NotificationOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Drawer, Empty, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs } from '@/lib/dayjs';

/** An announcement of the platform to merchants (spec §2 store list). Notices arrive with a later issue. */
export interface Announcement {
  id: number;
  title: string;
  content: string;
  created_at: string;
}

const PREVIEW_COUNT = 5;

/** Announcements panel: the latest few, a "more" link to all of them, and a detail view of one. */
export function AnnouncementsCard({ announcements, isLoading = false }: { announcements: Announcement[]; isLoading?: boolean }) {
  const { t } = useTranslation();
  const [isAllOpen, setIsAllOpen] = useState(false);
  const [selected, setSelected] = useState<Announcement | null>(null);

  const renderList = (items: Announcement[]) => (
    <List
      size="small"
      loading={isLoading}
      dataSource={items}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('store.announcements.empty')} style={{ margin: '4px 0' }} styles={{ image: { height: 32 } }} /> }}
      renderItem={(item) => (
        <List.Item key={item.id} style={{ paddingInline: 0 }}>
          <Button type="link" className="announcement-link" onClick={() => setSelected(item)} style={{ padding: 0, height: 'auto', textAlign: 'left', whiteSpace: 'normal' }}>
            {item.title}
          </Button>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {dayjs(item.created_at).format('MM-DD')}
          </Typography.Text>
        </List.Item>
      )}
    />
  );

  return (
    <>
      <Card
        size="small"
        className="announcements-card"
        title={
          <span>
            <NotificationOutlined style={{ color: 'var(--parlour-primary, #fa8c16)' }} /> {t('store.announcements.title')}
          </span>
        }
        extra={
          <Button type="link" size="small" onClick={() => setIsAllOpen(true)} disabled={announcements.length === 0}>
            {t('store.announcements.more')} <RightOutlined />
          </Button>
        }
      >
        {renderList(announcements.slice(0, PREVIEW_COUNT))}
      </Card>
      <Drawer open={isAllOpen} onClose={() => setIsAllOpen(false)} title={t('store.announcements.all')} size={420}>
        {renderList(announcements)}
      </Drawer>
      <Modal open={selected !== null} onCancel={() => setSelected(null)} footer={null} title={selected?.title}>
        {selected ? (
          <>
            <Typography.Text type="secondary">{dayjs(selected.created_at).format('YYYY-MM-DD HH:mm')}</Typography.Text>
            <Typography.Paragraph style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}>{selected.content}</Typography.Paragraph>
          </>
        ) : null}
      </Modal>
    </>
  );
}
