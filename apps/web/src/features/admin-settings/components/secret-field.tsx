import { Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A secret the API never sends back: shows whether one is stored; typing replaces it, leaving it
 * empty keeps the stored one.
 */
export function SecretInput({ isSet, value, onChange, id }: { isSet: boolean; value?: string; onChange?: (value: string) => void; id?: string }) {
  const { t } = useTranslation();
  return (
    <Input.Password
      id={id}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      autoComplete="new-password"
      placeholder={isSet ? t('adminSettings.secret.keepPlaceholder') : t('adminSettings.secret.emptyPlaceholder')}
      addonAfter={isSet ? <Tag color="success">{t('adminSettings.secret.set')}</Tag> : <Tag>{t('adminSettings.secret.notSet')}</Tag>}
    />
  );
}
