import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import type { TAccountSession } from '@parlour/contract/calls/account-security';
import type { Role } from '@parlour/contract/constants';
import { Button, Empty, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { feedback } from '@/lib/feedback';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/list-sessions';

/** "Chrome 131 · macOS", or the raw user agent's start when it was not recognised. */
function deviceName(session: TAccountSession, unknown: string) {
  const parts = [session.device.browser, session.device.os].filter(Boolean);
  if (parts.length > 0) return parts.join(' · ');
  return session.user_agent ? session.user_agent.slice(0, 40) : unknown;
}

/**
 * The user's active sessions (docs/SECURITY.md, Accounts): device, IP, sign-in time and last use,
 * this device marked; each other one can be ended, or all of them at once, after a confirmation.
 */
export function SessionsCard({ role }: { role: Role }) {
  const { t } = useTranslation();
  const sessions = useSessions(role);
  const endSession = useEndSession(role);
  const endOthers = useEndOtherSessions(role);
  const rows = sessions.data?.list ?? [];
  const otherCount = rows.filter((session) => !session.is_current).length;

  const onEnd = async (session: TAccountSession) => {
    await endSession.mutateAsync({ id: session.id });
    feedback.success(t('accountSecurity.sessions.ended'));
  };
  const onEndOthers = async () => {
    const { ended } = await endOthers.mutateAsync();
    feedback.success(t('accountSecurity.sessions.endedOthers', { count: ended }));
  };

  const columns: Array<DataColumn<TAccountSession>> = [
    {
      key: 'device',
      title: t('accountSecurity.sessions.device'),
      isRequired: true,
      cardRole: 'title',
      render: (_, session) => (
        <Flex gap={8} align="center" wrap>
          {session.device.is_mobile ? <MobileOutlined aria-hidden /> : <DesktopOutlined aria-hidden />}
          <Typography.Text title={session.user_agent}>
            {deviceName(session, t('accountSecurity.sessions.unknownDevice'))}
          </Typography.Text>
          {session.is_current ? <Tag color="green">{t('accountSecurity.sessions.current')}</Tag> : null}
        </Flex>
      ),
    },
    { key: 'ip', title: t('accountSecurity.sessions.ip'), dataIndex: 'ip', render: (ip: string) => ip || '—' },
    {
      key: 'created_at',
      title: t('accountSecurity.sessions.signedInAt'),
      dataIndex: 'created_at',
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      key: 'last_seen_at',
      title: t('accountSecurity.sessions.lastSeenAt'),
      dataIndex: 'last_seen_at',
      render: (value: string) => <DateTimeCell value={value} />,
    },
    {
      key: 'actions',
      title: t('accountSecurity.sessions.actions'),
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      render: (_, session) =>
        session.is_current ? (
          <Typography.Text type="secondary">{t('accountSecurity.sessions.thisDevice')}</Typography.Text>
        ) : (
          <Popconfirm
            title={t('accountSecurity.sessions.endConfirm', {
              device: deviceName(session, t('accountSecurity.sessions.unknownDevice')),
            })}
            description={t('accountSecurity.sessions.endHint')}
            okText={t('accountSecurity.sessions.end')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => onEnd(session).catch(() => undefined)}
          >
            <Button
              type="link"
              danger
              size="small"
              loading={endSession.isPending && endSession.variables?.id === session.id}
            >
              {t('accountSecurity.sessions.end')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <section className="page-card account-card" aria-labelledby="account-sessions-title">
      <Flex justify="space-between" align="flex-start" gap={12} wrap className="account-card__head">
        <div>
          <Typography.Title level={5} id="account-sessions-title" className="account-card__title">
            {t('accountSecurity.sessions.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('accountSecurity.sessions.hint')}</Typography.Text>
        </div>
        <Popconfirm
          title={t('accountSecurity.sessions.endOthersConfirm', { count: otherCount })}
          description={t('accountSecurity.sessions.endHint')}
          okText={t('accountSecurity.sessions.endOthers')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          disabled={otherCount === 0}
          onConfirm={() => onEndOthers().catch(() => undefined)}
        >
          <Button danger disabled={otherCount === 0} loading={endOthers.isPending}>
            {t('accountSecurity.sessions.endOthers')}
          </Button>
        </Popconfirm>
      </Flex>
      <DataTable<TAccountSession>
        listId={`${role}.sessions`}
        rowKey="id"
        columns={columns}
        rows={rows}
        isLoading={sessions.isFetching}
        emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accountSecurity.sessions.empty')} />}
      />
    </section>
  );
}
