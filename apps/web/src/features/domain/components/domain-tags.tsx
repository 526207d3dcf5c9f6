import type { DomainStatus, DomainType, TDomain } from '@parlour/contract/calls/domain';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { storeAddress } from '@/lib/store-address';

/** A domain's status (spec §4): binding (waiting for its DNS records) or bound. */
export function DomainStatusTag({ status }: { status: DomainStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'bound' ? 'success' : 'processing'} variant="filled">
      {t(`domain.status.${status}`)}
    </Tag>
  );
}

/**
 * A domain's type (spec §4): assigned by the system or added by hand. Not blue: beside the status
 * column, blue is "binding" (in progress).
 */
export function DomainTypeTag({ type }: { type: DomainType }) {
  const { t } = useTranslation();
  return (
    <Tag color={type === 'system' ? 'purple' : 'default'} variant="filled">
      {t(`domain.type.${type}`)}
    </Tag>
  );
}

export function PrimaryTag() {
  const { t } = useTranslation();
  return (
    <Tag color="orange" variant="filled">
      {t('domain.primary')}
    </Tag>
  );
}

/**
 * The name as people read it; an internationalised name also shows the punycode the DNS records use.
 * With `isStoreLink` (a bound domain) the name opens the store at that domain in a new tab.
 */
export function DomainName({
  domain,
  isStoreLink = false,
}: {
  domain: Pick<TDomain, 'domain' | 'display_domain'>;
  isStoreLink?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical>
      {isStoreLink ? (
        <Typography.Link
          strong
          href={storeAddress(domain.domain)}
          target="_blank"
          rel="noopener noreferrer"
          title={t('domain.list.openStore', { domain: domain.display_domain })}
          style={{ wordBreak: 'break-all' }}
        >
          {domain.display_domain}
        </Typography.Link>
      ) : (
        <Typography.Text strong style={{ wordBreak: 'break-all' }}>
          {domain.display_domain}
        </Typography.Text>
      )}
      {domain.display_domain !== domain.domain ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
          {domain.domain}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
