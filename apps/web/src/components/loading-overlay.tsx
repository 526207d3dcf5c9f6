import { useTranslation } from 'react-i18next';
import { useLoadingStore } from '../lib/loading-store';

/**
 * The global loading overlay: shown by showLoading() (hides itself after 3 s; it may say what is
 * happening, e.g. "Signing out…"), or while a page
 * loads, fading in only after 300 ms so fast navigations do not flash. Plain markup: it is part
 * of every page's first load.
 */
export function LoadingOverlay({ isNavigating = false }: { isNavigating?: boolean }) {
  const { t } = useTranslation();
  const isVisible = useLoadingStore((state) => state.isVisible);
  const messageKey = useLoadingStore((state) => state.messageKey);
  if (!isVisible && !isNavigating) return null;
  return (
    <div
      className={`loading-overlay${isVisible ? '' : ' loading-overlay--delayed'}`}
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <span className="loading-overlay__spinner" aria-hidden />
      <span className="loading-overlay__text">
        {isVisible && messageKey ? t(messageKey as 'common.loading') : t('common.loading')}
      </span>
    </div>
  );
}
