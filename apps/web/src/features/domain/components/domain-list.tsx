import { PlusOutlined } from '@ant-design/icons';
import type { TDomain } from '@parlour/contract/calls/domain';
import type { Role } from '@parlour/contract/constants';
import { Alert, Button, Empty, Flex, Popconfirm, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button-link';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateTimeCell } from '@/components/date-time-cell';
import { feedback } from '@/lib/feedback';
import { useChangeMainDomain } from '../api/change-main-domain';
import { useDeleteDomain } from '../api/delete-domain';
import { customDomainUsage, DOMAIN_PATHS, domainPageLink } from '../api/domain-console';
import { useDomains } from '../api/list-domains';
import { useSetDomainRedirect } from '../api/set-domain-redirect';
import { DomainName, DomainStatusTag, DomainTypeTag, PrimaryTag } from './domain-tags';

/**
 * One store's domains (spec §2 domain management): each domain's type, status, primary and redirect
 * flags, when it was added and verified; making a bound domain the primary, the redirect to the
 * primary on the others, removing a custom domain, continuing a binding domain's verification.
 */
export function DomainList({ role, shopId }: { role: Role; shopId: string }) {
  const { t } = useTranslation();
  const domains = useDomains(role, shopId);
  const changeMain = useChangeMainDomain(role);
  const setRedirect = useSetDomainRedirect(role);
  const remove = useDeleteDomain(role);
  const data = domains.data;
  const usage = data ? customDomainUsage(data) : null;
  const isAtLimit = usage?.isAtLimit ?? false;
  const paths = DOMAIN_PATHS[role];

  const makePrimary = (domain: TDomain) =>
    changeMain.mutateAsync(domain.id).then(() => {
      feedback.success(t('domain.list.primaryChanged', { domain: domain.display_domain }));
    });
  const removeDomain = (domain: TDomain) =>
    remove.mutateAsync(domain.id).then(() => {
      feedback.success(t('domain.list.removed', { domain: domain.display_domain }));
    });
  const toggleRedirect = (domain: TDomain, isRedirect: boolean) =>
    setRedirect.mutate(
      { id: domain.id, is_redirect: isRedirect },
      {
        onSuccess: () =>
          feedback.success(
            isRedirect
              ? t('domain.list.redirectOn', { domain: domain.display_domain })
              : t('domain.list.redirectOff', { domain: domain.display_domain }),
          ),
      },
    );

  const columns: Array<DataColumn<TDomain>> = [
    {
      title: t('domain.field.domain'),
      key: 'domain',
      isRequired: true,
      cardRole: 'title',
      // A bound domain (the system one or a custom one) opens the store; a binding one reaches nothing yet.
      render: (_, domain) => <DomainName domain={domain} isStoreLink={domain.status === 'bound'} />,
    },
    { title: t('domain.field.type'), key: 'type', render: (_, domain) => <DomainTypeTag type={domain.type} /> },
    {
      title: t('domain.field.status'),
      key: 'status',
      render: (_, domain) => (
        <Flex vertical gap={2} align="flex-start">
          <DomainStatusTag status={domain.status} />
          {domain.status === 'binding' && domain.failure_message ? (
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12, maxWidth: 260, overflowWrap: 'anywhere' }}
              data-testid="domain-failure-message"
            >
              {domain.failure_message}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('domain.field.primary'),
      key: 'is_primary',
      render: (_, domain) =>
        domain.is_primary ? <PrimaryTag /> : <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('domain.field.redirect'),
      key: 'is_redirect',
      render: (_, domain) =>
        domain.is_primary ? (
          <Tooltip title={t('domain.list.primaryNoRedirect')}>
            <Typography.Text type="secondary">—</Typography.Text>
          </Tooltip>
        ) : (
          <Tooltip title={t('domain.list.redirectHint')}>
            <Switch
              size="small"
              checked={domain.is_redirect}
              loading={setRedirect.isPending && setRedirect.variables?.id === domain.id}
              aria-label={t('domain.list.redirectToggle', { domain: domain.display_domain })}
              onChange={(checked) => toggleRedirect(domain, checked)}
            />
          </Tooltip>
        ),
    },
    {
      title: t('domain.field.createdAt'),
      key: 'created_at',
      render: (_, domain) => <DateTimeCell value={domain.created_at} />,
    },
    {
      title: t('domain.field.verifiedAt'),
      key: 'verified_at',
      render: (_, domain) => <DateTimeCell value={domain.verified_at} />,
    },
    {
      title: t('domain.field.actions'),
      key: 'actions',
      fixed: 'right',
      isRequired: true,
      cardRole: 'actions',
      render: (_, domain) => (
        <Flex wrap gap={4} className="table-actions">
          {domain.status === 'binding' ? (
            <ButtonLink type="link" size="small" to={domainPageLink(paths.add, shopId, domain.domain)}>
              {t('domain.list.verify')}
            </ButtonLink>
          ) : null}
          {domain.status === 'bound' && !domain.is_primary ? (
            <Popconfirm
              title={t('domain.list.makePrimaryConfirm', { domain: domain.display_domain })}
              description={<div style={{ maxWidth: 320 }}>{t('domain.list.makePrimaryHint')}</div>}
              okText={t('domain.list.makePrimary')}
              cancelText={t('common.cancel')}
              onConfirm={() => makePrimary(domain).catch(() => undefined)}
            >
              <Button type="link" size="small">
                {t('domain.list.makePrimary')}
              </Button>
            </Popconfirm>
          ) : null}
          {domain.status === 'binding' && !domain.is_primary ? (
            <Tooltip title={t('domain.list.primaryNeedsBound')}>
              <Button type="link" size="small" disabled>
                {t('domain.list.makePrimary')}
              </Button>
            </Tooltip>
          ) : null}
          {domain.type === 'manual' && !domain.is_primary ? (
            <Popconfirm
              title={t('domain.list.removeConfirm', { domain: domain.display_domain })}
              description={<div style={{ maxWidth: 320 }}>{t('domain.list.removeHint')}</div>}
              okText={t('domain.list.remove')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => removeDomain(domain).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                {t('domain.list.remove')}
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      ),
    },
  ];

  const addButton = (
    <ButtonLink
      type="primary"
      icon={<PlusOutlined />}
      to={domainPageLink(paths.add, shopId)}
      disabled={!data || isAtLimit}
    >
      {t('domain.list.add')}
    </ButtonLink>
  );

  return (
    <section aria-label={t('domain.list.label')}>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {usage ? t('domain.list.usage', { count: usage.count, limit: usage.limit }) : null}
        </Typography.Text>
        {/* A disabled button swallows the pointer: the tooltip wraps a span so the reason still shows. */}
        {isAtLimit && data ? (
          <Tooltip title={t('domain.list.limitReached', { limit: data.limit })}>
            <span>{addButton}</span>
          </Tooltip>
        ) : (
          addButton
        )}
      </Flex>
      {isAtLimit && data ? (
        <Alert
          type="info"
          showIcon
          title={t('domain.list.limitReached', { limit: data.limit })}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {domains.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('domain.list.loadFailed')}
          action={
            <Button size="small" onClick={() => void domains.refetch()}>
              {t('domain.list.retry')}
            </Button>
          }
        />
      ) : null}
      <DataTable<TDomain>
        listId={`${role}.domains`}
        rowKey="id"
        columns={columns}
        rows={data?.list ?? []}
        isLoading={domains.isPending && shopId !== ''}
        emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('domain.list.empty')} />}
      />
      {data ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0, fontSize: 13 }}>
          {t('domain.list.systemDomainNote', { domain: data.system_domain })}
        </Typography.Paragraph>
      ) : null}
    </section>
  );
}
