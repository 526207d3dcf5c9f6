import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../lib/public-config';

/** The site's logo and name as the operator set them (settings → site), else the Parlour mark and name. */
export function Logo({ isInverted = false, size = 28 }: { isInverted?: boolean; size?: number }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const name = config?.site_name || t('app.name');
  return (
    <span className={`logo${isInverted ? ' logo--inverted' : ''}`}>
      {config?.logo ? (
        <img
          className="logo__image"
          src={config.logo}
          alt=""
          height={size}
          style={{ height: size, maxWidth: size * 4 }}
        />
      ) : (
        <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <rect width="64" height="64" rx="14" fill={isInverted ? '#fff' : '#fa8c16'} />
          <path
            d="M20 48V16h14c7.7 0 12 4.2 12 10.6S41.7 37.2 34 37.2h-6.4V48H20zm7.6-17.2H33c3.4 0 5.3-1.6 5.3-4.2S36.4 22.4 33 22.4h-5.4v8.4z"
            fill={isInverted ? '#fa8c16' : '#fff'}
          />
        </svg>
      )}
      <span className="logo__name">{name}</span>
    </span>
  );
}
