import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/button-link';
import { HOME_PATH, PLATFORM_PATH } from '@/lib/access';
import { useSessionStore } from '@/lib/session-store';

/** /404: the page does not exist; back to the console (signed in) or the home page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const hasSession = useSessionStore((state) => Boolean(state[state.loginType].token));
  return (
    <main className="full-page-result">
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.subtitle')}
        extra={
          <ButtonLink type="primary" size="large" to={hasSession ? PLATFORM_PATH : HOME_PATH}>
            {t('notFound.backHome')}
          </ButtonLink>
        }
      />
    </main>
  );
}
