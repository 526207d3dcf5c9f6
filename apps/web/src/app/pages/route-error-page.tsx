import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A page failed to load (typically a chunk of an older release after a deploy): offer a reload.
 * Plain markup on purpose: this is part of the first load of every page.
 */
export function RouteErrorPage() {
  const { t } = useTranslation(['translation', 'errors']);
  return (
    <main className="full-page-result" role="alert">
      <div className="route-error">
        <h1>{t('errors:LOAD_FAILED')}</h1>
        <p>{t('routeError.subtitle')}</p>
        <Button type="primary" size="large" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </div>
    </main>
  );
}
