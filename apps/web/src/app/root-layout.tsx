import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { usePublicConfig } from '../lib/public-config';
import { useCurrentTitleKey } from '../lib/route-meta';

/** "Login - Parlour": the translated route title and the product suffix (spec §2). */
export function formatDocumentTitle(title: string | undefined, suffix: string): string {
  return title ? `${title} - ${suffix}` : suffix;
}

function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const titleKey = useCurrentTitleKey();
  // The operator's site name, once known, is the product suffix.
  const siteName = usePublicConfig()?.site_name;
  useEffect(() => {
    document.title = formatDocumentTitle(titleKey ? t(titleKey) : undefined, siteName || t('app.titleSuffix'));
  }, [titleKey, t, i18n.language, siteName]);
  return null;
}

/** Wraps every page: removes the initial loader, keeps the document title, shows the loading overlay. */
export function RootLayout() {
  const navigation = useNavigation();
  useEffect(() => {
    document.getElementById('initial-loader')?.remove();
  }, []);
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <LoadingOverlay isNavigating={navigation.state === 'loading'} />
      <ScrollRestoration />
    </>
  );
}
