import { toLang } from '@parlour/contract/errors';
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { getClientId } from '@/lib/client-id';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { useSessionStore } from '@/lib/session-store';

/** /test: what support needs to know about this browser (client id, language, login type, hosts, sessions). */
export default function TestPage() {
  const { t, i18n } = useTranslation();
  const loginType = useSessionStore((state) => state.loginType);
  const hasMerchantSession = useSessionStore((state) => Boolean(state.merchant.token));
  const hasAdminSession = useSessionStore((state) => Boolean(state.admin.token));
  const config = getRuntimeConfig();
  const sessionTag = (isSignedIn: boolean) =>
    isSignedIn ? <Tag color="success">{t('diagnostics.signedIn')}</Tag> : <Tag>{t('diagnostics.signedOut')}</Tag>;
  const hostList = (hosts: string[]) => (hosts.length > 0 ? hosts.join(', ') : t('common.none'));

  return (
    <main className="simple-page">
      <div className="simple-page__bar">
        <Link to="/index">
          <Logo />
        </Link>
        <LanguageSwitcher />
      </div>
      <section className="page-card simple-page__card">
        <Typography.Title level={2}>{t('diagnostics.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('diagnostics.subtitle')}</Typography.Paragraph>
        <Descriptions bordered column={1} size="middle" styles={{ label: { width: 200 } }}>
          <Descriptions.Item label={t('diagnostics.clientId')}>
            <Typography.Text code copyable data-testid="client-id">
              {getClientId()}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('diagnostics.language')}>{toLang(i18n.language)}</Descriptions.Item>
          <Descriptions.Item label={t('diagnostics.loginType')}>
            {t(`loginType.${loginType}`)} ({loginType})
          </Descriptions.Item>
          <Descriptions.Item label={t('diagnostics.merchantSession')}>
            {sessionTag(hasMerchantSession)}
          </Descriptions.Item>
          <Descriptions.Item label={t('diagnostics.adminSession')}>{sessionTag(hasAdminSession)}</Descriptions.Item>
          <Descriptions.Item label={t('diagnostics.host')}>{window.location.hostname}</Descriptions.Item>
          <Descriptions.Item label={t('diagnostics.siteHosts')}>{hostList(config.siteHosts)}</Descriptions.Item>
          <Descriptions.Item label={t('diagnostics.consoleHosts')}>{hostList(config.consoleHosts)}</Descriptions.Item>
          <Descriptions.Item label={t('diagnostics.userAgent')}>{navigator.userAgent}</Descriptions.Item>
        </Descriptions>
      </section>
    </main>
  );
}
